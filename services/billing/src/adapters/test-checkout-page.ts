import type { CheckoutRow, PlanRow } from '../db/tables.ts';
import { formatEuros } from '../domain/pricing.ts';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The built-in test checkout page. Plain HTML and two form POSTs: the gateway's CSP allows no
 * inline script or style, and none is needed. It says plainly that no money moves.
 */
export function renderTestCheckoutPage(checkout: CheckoutRow, plan: PlanRow): string {
  const cycle = plan.billing_cycle === 'monthly' ? 'month' : 'year';
  const base = `/api/v1/billing/test-checkout/${checkout.id}`;
  const regular =
    plan.price_cents !== checkout.list_price_cents
      ? `<p>Regular price: <s>${formatEuros(plan.price_cents)}</s> per ${cycle} (early-bird price applied)</p>`
      : '';
  const discount = checkout.discount_percent
    ? `<p>Invitation discount: ${checkout.discount_percent}% (first payment)</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST PAYMENT - ${escapeHtml(plan.name)}</title>
</head>
<body>
<main>
<h1>TEST PAYMENT</h1>
<p><strong>This is a test checkout. No card is charged and no money moves.</strong></p>
<h2 id="plan-name">${escapeHtml(plan.name)}</h2>
<p>Price: ${formatEuros(checkout.list_price_cents)} per ${cycle}</p>
${regular}
${discount}
<p>Total due today: <strong id="amount-due">${formatEuros(checkout.amount_cents)}</strong></p>
<form method="post" action="${base}/pay"><button type="submit">Pay ${formatEuros(checkout.amount_cents)}</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>
</main>
</body>
</html>`;
}
