import type { CheckoutRow, PlanRow } from '../db/tables.ts';
import { formatEuros } from '../domain/pricing.ts';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const TEST_CHECKOUT_STYLESHEET_PATH = '/api/v1/billing/test-checkout/assets/checkout.css';

/**
 * The test checkout's look: MER's design tokens (frontends/design-system/src/theme.css: sand surfaces,
 * ink text and actions, clay for the TEST MODE mark) in a stylesheet of its own, because the gateway's
 * CSP allows no inline style. Every text/background pair meets WCAG AA (ink-900 on sand-50 15:1,
 * white on ink-800 12:1, white on clay-700 7:1, ink-600 on white 8:1).
 */
export const TEST_CHECKOUT_STYLESHEET = `
:root {
  --sand-50: #fdfbf7; --sand-100: #f8f3ea; --sand-200: #efe6d6; --sand-300: #e3d4bb;
  --sage-100: #e2ebdd; --sage-800: #30412b;
  --ink-100: #e4e5f2; --ink-600: #464a88; --ink-700: #383b70; --ink-800: #2a2d57; --ink-900: #1d1f3d;
  --clay-50: #fcf1ed; --clay-700: #8a3c24;
  --gold-100: #f7ecd0; --gold-700: #7d5e1c;
  --font-display: 'Fraunces', 'Iowan Old Style', 'Palatino Linotype', Georgia, serif;
  --font-sans: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --shadow-soft: 0 1px 2px rgb(29 31 61 / 0.04), 0 8px 24px -12px rgb(29 31 61 / 0.18);
}
* { box-sizing: border-box; }
html { background: var(--sand-50); color: var(--ink-900); font-family: var(--font-sans); line-height: 1.5; }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; }
.test-mode {
  background: var(--clay-700); color: #fff; text-align: center; font-weight: 700; letter-spacing: 0.08em;
  padding: 0.5rem 1rem; font-size: 0.875rem;
}
header.brand { display: flex; align-items: center; justify-content: center; gap: 0.6rem; padding: 1.75rem 1rem 0.5rem; }
header.brand svg { width: 2.25rem; height: 2.25rem; }
header.brand span { font-family: var(--font-display); font-weight: 600; font-size: 1.5rem; color: var(--ink-900); }
main { flex: 1; width: 100%; max-width: 30rem; margin: 0 auto; padding: 1rem; }
.card { background: #fff; border: 1px solid var(--sand-200); border-radius: 1.25rem; box-shadow: var(--shadow-soft); padding: 1.5rem; }
h1 { font-family: var(--font-display); font-weight: 600; font-size: 1.75rem; margin: 0 0 0.25rem; text-align: center; }
.notice { background: var(--clay-50); border: 1px solid #f8dfd6; color: var(--clay-700); border-radius: 0.75rem; padding: 0.75rem 1rem; margin: 1rem 0 1.25rem; }
.notice strong { display: block; }
h2 { font-family: var(--font-display); font-weight: 600; font-size: 1.25rem; margin: 0 0 0.75rem; }
dl { margin: 0; display: grid; grid-template-columns: 1fr auto; gap: 0.5rem 1rem; }
dt { color: var(--ink-600); }
dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
.total { border-top: 1px solid var(--sand-200); padding-top: 0.75rem; margin-top: 0.25rem; font-weight: 700; color: var(--ink-900); }
.early-bird { display: inline-block; background: var(--gold-100); color: var(--gold-700); border-radius: 999px; padding: 0.1rem 0.6rem; font-size: 0.8125rem; font-weight: 600; }
.actions { display: flex; flex-direction: column; gap: 0.75rem; margin-top: 1.5rem; }
.actions form { margin: 0; }
button { width: 100%; font: inherit; font-weight: 600; border-radius: 999px; padding: 0.8rem 1.25rem; cursor: pointer; min-height: 3rem; }
button.pay { background: var(--ink-800); color: #fff; border: 2px solid var(--ink-800); }
button.pay:hover { background: var(--ink-900); }
button.cancel { background: transparent; color: var(--ink-800); border: 2px solid var(--ink-100); }
button.cancel:hover { background: var(--sand-100); }
button:focus-visible { outline: 3px solid var(--ink-600); outline-offset: 2px; }
footer { text-align: center; color: var(--ink-600); font-size: 0.875rem; padding: 1.5rem 1rem 2rem; }
`;

/** MER's mark (the shell's favicon drawing), inline so the page needs no image request. */
const LOGO = `<svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="24" fill="#2a2d57"/><path d="M24 11.5c4.2 5 5.6 11 0 21.5-5.6-10.5-4.2-16.5 0-21.5Z" fill="#efe6d6"/><path d="M23.2 33.5C15.8 33 11 27.6 10.2 20.4c6.7 1.2 11.4 5.8 13 13.1Z" fill="#a5bf99"/><path d="M24.8 33.5c7.4-.5 12.2-5.9 13-13.1-6.7 1.2-11.4 5.8-13 13.1Z" fill="#a5bf99"/><path d="M15.5 36.5h17" stroke="#cfb791" stroke-width="1.6" stroke-linecap="round"/></svg>`;

/**
 * The built-in test checkout page: server-rendered HTML in MER's look and two form POSTs (no script:
 * the gateway's CSP allows none, and none is needed). It says plainly, twice, that no money moves.
 * The favicon is the site's own (/favicon.svg, served beside the web app).
 */
export function renderTestCheckoutPage(checkout: CheckoutRow, plan: PlanRow): string {
  const cycle = plan.billing_cycle === 'monthly' ? 'month' : 'year';
  const base = `/api/v1/billing/test-checkout/${checkout.id}`;
  const regular =
    plan.price_cents !== checkout.list_price_cents
      ? `<dt>Regular price</dt><dd><s>${formatEuros(plan.price_cents)}</s> <span class="early-bird">Early bird</span></dd>`
      : '';
  const discount = checkout.discount_percent
    ? `<dt>Invitation discount (first payment)</dt><dd>−${checkout.discount_percent}%</dd>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#2a2d57">
<title>TEST PAYMENT - ${escapeHtml(plan.name)} - MER</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${TEST_CHECKOUT_STYLESHEET_PATH}">
</head>
<body>
<div class="test-mode" role="note" data-testid="test-mode">TEST MODE · no real payment</div>
<header class="brand">${LOGO}<span>MER</span></header>
<main>
<div class="card">
<h1>TEST PAYMENT</h1>
<p class="notice"><strong>This is a test checkout.</strong> No card is charged and no money moves.</p>
<h2 id="plan-name">${escapeHtml(plan.name)}</h2>
<dl aria-labelledby="plan-name">
<dt>Price</dt><dd>${formatEuros(checkout.list_price_cents)} per ${cycle}</dd>
${regular}
${discount}
<dt class="total">Total due today</dt><dd class="total" id="amount-due">${formatEuros(checkout.amount_cents)}</dd>
</dl>
<div class="actions">
<form method="post" action="${base}/pay"><button type="submit" class="pay">Pay ${formatEuros(checkout.amount_cents)}</button></form>
<form method="post" action="${base}/cancel"><button type="submit" class="cancel">Cancel</button></form>
</div>
</div>
</main>
<footer>MER test checkout: payments are simulated because no payment provider is configured.</footer>
</body>
</html>`;
}
