// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['billing'];

/** Active membership plans, cheapest first (public: plans are no secret) */
export const listPlans: BrowserRouteOf<Routes['listPlans']> = {
  method: 'GET',
  path: '/api/v1/billing/plans',
  access: 'public',
};

/** The member's membership status (subscribed, innerCircle, plan, expiresAt) */
export const myMembership: BrowserRouteOf<Routes['myMembership']> = {
  method: 'GET',
  path: '/api/v1/billing/memberships/me',
  access: 'user',
};

/** Cancels the member's membership at the end of the paid period */
export const cancelMyMembership: BrowserRouteOf<Routes['cancelMyMembership']> = {
  method: 'POST',
  path: '/api/v1/billing/memberships/me/cancel',
  access: 'user',
};

/** A link to Stripe's customer portal (only with Stripe configured) */
export const customerPortal: BrowserRouteOf<Routes['customerPortal']> = {
  method: 'POST',
  path: '/api/v1/billing/memberships/me/portal',
  access: 'user',
};

/** What moving the member's active membership to another plan costs now (prorated credit and charge) */
export const previewPlanChange: BrowserRouteOf<Routes['previewPlanChange']> = {
  method: 'POST',
  path: '/api/v1/billing/memberships/me/plan-change/preview',
  access: 'user',
};

/** Moves the member's active membership to another plan now, prorated as previewed at prorationDate */
export const changePlan: BrowserRouteOf<Routes['changePlan']> = {
  method: 'POST',
  path: '/api/v1/billing/memberships/me/plan-change',
  access: 'user',
};

/** Starts a checkout for a plan (the member's invitation discount applied); returns the payment page */
export const createCheckout: BrowserRouteOf<Routes['createCheckout']> = {
  method: 'POST',
  path: '/api/v1/billing/checkouts',
  access: 'user',
};

/** The spec's validate-discount-code: whether the member's invitation discount applies */
export const validateDiscount: BrowserRouteOf<Routes['validateDiscount']> = {
  method: 'POST',
  path: '/api/v1/billing/discounts/validate',
  access: 'user',
};

/** Stripe's webhook: the Stripe-Signature header is verified over the raw body */
export const stripeWebhook: BrowserRouteOf<Routes['stripeWebhook']> = {
  method: 'POST',
  path: '/api/v1/billing/webhooks/stripe',
  access: 'public',
};

/** The built-in TEST PAYMENT page (only when Stripe is not configured) */
export const testCheckoutPage: BrowserRouteOf<Routes['testCheckoutPage']> = {
  method: 'GET',
  path: '/api/v1/billing/test-checkout/:checkoutId',
  access: 'public',
};

/** The TEST PAYMENT page's stylesheet (MER's look; the CSP allows no inline style) */
export const testCheckoutStylesheet: BrowserRouteOf<Routes['testCheckoutStylesheet']> = {
  method: 'GET',
  path: '/api/v1/billing/test-checkout/assets/checkout.css',
  access: 'public',
};

/** Pays a test checkout: a signed Stripe-format event through the webhook code, then back to the site */
export const testCheckoutPay: BrowserRouteOf<Routes['testCheckoutPay']> = {
  method: 'POST',
  path: '/api/v1/billing/test-checkout/:checkoutId/pay',
  access: 'public',
};

/** Abandons a test checkout and returns to /membership?payment=cancelled; nothing is activated */
export const testCheckoutCancel: BrowserRouteOf<Routes['testCheckoutCancel']> = {
  method: 'POST',
  path: '/api/v1/billing/test-checkout/:checkoutId/cancel',
  access: 'public',
};

/** Every plan, active or not, in display order (admins) */
export const adminListPlans: BrowserRouteOf<Routes['adminListPlans']> = {
  method: 'GET',
  path: '/api/v1/billing/admin/plans',
  access: 'user',
};

/** Creates a plan (admins) */
export const adminCreatePlan: BrowserRouteOf<Routes['adminCreatePlan']> = {
  method: 'POST',
  path: '/api/v1/billing/admin/plans',
  access: 'user',
};

/** Edits a plan; active false deactivates it (admins) */
export const adminUpdatePlan: BrowserRouteOf<Routes['adminUpdatePlan']> = {
  method: 'PATCH',
  path: '/api/v1/billing/admin/plans/:planId',
  access: 'user',
};

/** Sets the display order: the plans in the order given (admins) */
export const adminReorderPlans: BrowserRouteOf<Routes['adminReorderPlans']> = {
  method: 'POST',
  path: '/api/v1/billing/admin/plans/reorder',
  access: 'user',
};

/** Syncs a member's membership from the card payment provider by e-mail (admins) */
export const adminSyncMembership: BrowserRouteOf<Routes['adminSyncMembership']> = {
  method: 'POST',
  path: '/api/v1/billing/admin/sync',
  access: 'user',
};

/** A member's membership with its period, price, discount and latest payments (admins) */
export const adminMemberMembership: BrowserRouteOf<Routes['adminMemberMembership']> = {
  method: 'GET',
  path: '/api/v1/billing/admin/members/:userId/membership',
  access: 'user',
};

/** Per calendar month (UTC): money collected, new memberships, cancellations, active at month end; current MRR (admins) */
export const adminRevenue: BrowserRouteOf<Routes['adminRevenue']> = {
  method: 'GET',
  path: '/api/v1/billing/admin/revenue',
  access: 'user',
};

/** The member's data held by billing, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/billing/me/export',
  access: 'user',
};
