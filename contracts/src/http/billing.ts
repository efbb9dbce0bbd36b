import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { NoContent, Timestamp, Uuid } from './common.ts';

/*
 * billing: membership plans, a member's membership, checkouts with a payment provider (Stripe, or
 * the built-in test checkout when no Stripe key is configured) and the provider's webhooks.
 * Money is always integer cents in EUR; times are UTC.
 */

const Cents = Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'An amount in euro cents' });
export const BillingCycle = Type.Union([Type.Literal('monthly'), Type.Literal('yearly')], {
  $id: 'BillingCycle',
});
export type BillingCycle = Static<typeof BillingCycle>;

const PlanName = Type.String({ minLength: 1, maxLength: 80 });
const Features = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 30 });

/** A membership plan as members see it (spec: membership_types). */
export const MembershipPlan = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    description: Type.String(),
    priceCents: Cents,
    currency: Type.Literal('EUR'),
    billingCycle: BillingCycle,
    features: Type.Array(Type.String()),
    active: Type.Boolean(),
    displayOrder: Type.Integer(),
    /** The early-bird price and until when it applies; both null when the plan has none. */
    earlyBirdPriceCents: Type.Union([Cents, Type.Null()]),
    earlyBirdEndsAt: Type.Union([Timestamp, Type.Null()]),
    /** What a checkout started now charges before any invitation discount (early bird or regular). */
    currentPriceCents: Cents,
    innerCircle: Type.Boolean(),
  },
  { $id: 'MembershipPlan' },
);
export type MembershipPlan = Static<typeof MembershipPlan>;

export const MembershipPlanList = Type.Object(
  { plans: Type.Array(MembershipPlan) },
  { $id: 'MembershipPlanList' },
);
export type MembershipPlanList = Static<typeof MembershipPlanList>;

export const MembershipStatus = Type.Union(
  [Type.Literal('none'), Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('expired')],
  { $id: 'MembershipStatus' },
);
export type MembershipStatus = Static<typeof MembershipStatus>;

/** The member's membership (spec section 4 "Membership status"). */
export const MyMembership = Type.Object(
  {
    /** An active membership whose expiry is unset or in the future. */
    subscribed: Type.Boolean(),
    /** Subscribed to the plan named InnerCircle Membership. */
    innerCircle: Type.Boolean(),
    plan: Type.Union([MembershipPlan, Type.Null()]),
    expiresAt: Type.Union([Timestamp, Type.Null()]),
    status: MembershipStatus,
    /** Cancelled by the member: access lasts until expiresAt, then the membership ends. */
    cancelAtPeriodEnd: Type.Boolean(),
    /** The member's invitation discount (percent) a checkout applies, if any. */
    discountPercent: Type.Union([Type.Integer(), Type.Null()]),
    /** Stripe's customer portal is available (Stripe configured and a Stripe customer known). */
    portalAvailable: Type.Boolean(),
  },
  { $id: 'MyMembership' },
);
export type MyMembership = Static<typeof MyMembership>;

export const CreateCheckoutRequest = Type.Object({ planId: Uuid }, { additionalProperties: false });
export type CreateCheckoutRequest = Static<typeof CreateCheckoutRequest>;

export const CheckoutRedirect = Type.Object(
  { url: Type.String({ description: "The provider's payment page; the browser goes there" }) },
  { $id: 'CheckoutRedirect' },
);
export type CheckoutRedirect = Static<typeof CheckoutRedirect>;

/** The spec's validate-discount-code {code, membershipId null}. */
export const ValidateDiscountRequest = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 64 }),
    planId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ValidateDiscountRequest = Static<typeof ValidateDiscountRequest>;

export const DiscountValidation = Type.Object(
  {
    valid: Type.Boolean(),
    discountPercent: Type.Union([Type.Integer(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'DiscountValidation' },
);
export type DiscountValidation = Static<typeof DiscountValidation>;

export const PlanChangePreviewRequest = Type.Object({ planId: Uuid }, { additionalProperties: false });
export type PlanChangePreviewRequest = Static<typeof PlanChangePreviewRequest>;

/**
 * What changing plan costs, computed by the payment provider (Stripe's invoice preview, or the test
 * checkout's same arithmetic): a credit for the unused time of the current plan and a charge for the
 * new plan over the same time, in cents. The change applies at once; the member confirms it with
 * `prorationDate`, so the amounts charged are exactly the ones shown.
 */
export const PlanChangePreview = Type.Object(
  {
    fromPlan: Type.Object({ id: Uuid, name: Type.String() }),
    toPlan: MembershipPlan,
    direction: Type.Union([Type.Literal('upgrade'), Type.Literal('downgrade')]),
    /** The moment the amounts are computed for; send it back to confirm. */
    prorationDate: Timestamp,
    /** Credit for the unused time of the current plan. */
    creditCents: Cents,
    /** The new plan from now until the end of the period. */
    chargeCents: Cents,
    /** Charged to the member's card now (charge minus credit, when positive). */
    amountDueNowCents: Cents,
    /** Kept as credit towards the next payments (credit minus charge, when positive). */
    creditBalanceCents: Cents,
    /** When the new period starts: the current period's end (same billing cycle) or a new one. */
    nextRenewalAt: Type.Union([Timestamp, Type.Null()]),
    /** What the renewal then costs (the new plan's price, before any credit). */
    nextRenewalCents: Cents,
  },
  { $id: 'PlanChangePreview' },
);
export type PlanChangePreview = Static<typeof PlanChangePreview>;

export const PlanChangeRequest = Type.Object(
  { planId: Uuid, prorationDate: Timestamp },
  { additionalProperties: false },
);
export type PlanChangeRequest = Static<typeof PlanChangeRequest>;

export const PortalRedirect = Type.Object({ url: Type.String() }, { $id: 'PortalRedirect' });

const PlanFields = {
  name: PlanName,
  description: Type.String({ maxLength: 500 }),
  priceCents: Cents,
  billingCycle: BillingCycle,
  features: Features,
  earlyBirdPriceCents: Type.Union([Cents, Type.Null()]),
  earlyBirdEndsAt: Type.Union([Timestamp, Type.Null()]),
};

export const CreatePlanRequest = Type.Object(
  {
    ...PlanFields,
    description: Type.Optional(PlanFields.description),
    earlyBirdPriceCents: Type.Optional(PlanFields.earlyBirdPriceCents),
    earlyBirdEndsAt: Type.Optional(PlanFields.earlyBirdEndsAt),
    features: Type.Optional(Features),
  },
  { additionalProperties: false },
);
export type CreatePlanRequest = Static<typeof CreatePlanRequest>;

export const UpdatePlanRequest = Type.Partial(Type.Object({ ...PlanFields, active: Type.Boolean() }), {
  additionalProperties: false,
  minProperties: 1,
});
export type UpdatePlanRequest = Static<typeof UpdatePlanRequest>;

export const ReorderPlansRequest = Type.Object(
  { planIds: Type.Array(Uuid, { minItems: 1, maxItems: 100, uniqueItems: true }) },
  { additionalProperties: false },
);

export const SyncMembershipRequest = Type.Object(
  { email: Type.String({ maxLength: 254 }) },
  { additionalProperties: false },
);
/** The spec's sync-membership answer (synced, user_id, message) with the toast's title. */
export const SyncMembershipResult = Type.Object(
  {
    synced: Type.Boolean(),
    userId: Type.Union([Uuid, Type.Null()]),
    title: Type.String(),
    message: Type.String(),
  },
  { $id: 'SyncMembershipResult' },
);
export type SyncMembershipResult = Static<typeof SyncMembershipResult>;

/** An amount of money in one currency (ISO 4217, upper case); money is never summed across currencies. */
export const MoneyAmount = Type.Object(
  { currency: Type.String({ minLength: 3, maxLength: 3 }), amountCents: Type.Integer({ minimum: 0 }) },
  { $id: 'MoneyAmount' },
);
export type MoneyAmount = Static<typeof MoneyAmount>;

/** A payment billing recorded: a paid provider invoice (first payment, renewal or plan change). */
export const BillingPayment = Type.Object(
  {
    id: Uuid,
    /** The provider's invoice id (Stripe's in_..., the test checkout's in_test_...). */
    invoiceId: Type.String(),
    kind: Type.Union([
      Type.Literal('first_payment'),
      Type.Literal('renewal'),
      Type.Literal('plan_change'),
      Type.Literal('other'),
    ]),
    amountCents: Cents,
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    paidAt: Timestamp,
  },
  { $id: 'BillingPayment' },
);
export type BillingPayment = Static<typeof BillingPayment>;

/** One member's membership as an admin sees it (/admin/user-profile/{userId}). */
export const AdminMemberMembership = Type.Object(
  {
    userId: Uuid,
    membershipId: Uuid,
    plan: Type.Object({
      id: Uuid,
      name: Type.String(),
      billingCycle: BillingCycle,
      innerCircle: Type.Boolean(),
    }),
    /** As the member's own page says it: an active membership past its expiry reads expired. */
    status: Type.Union([Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('expired')]),
    subscribed: Type.Boolean(),
    startedAt: Timestamp,
    /** The paid period: its end is when access lapses unless renewed; null when the provider gave none. */
    currentPeriodStart: Type.Union([Timestamp, Type.Null()]),
    currentPeriodEnd: Type.Union([Timestamp, Type.Null()]),
    cancelAtPeriodEnd: Type.Boolean(),
    /** When the member (or the provider) cancelled, if they did. */
    cancelledAt: Type.Union([Timestamp, Type.Null()]),
    /** What each period costs (the price the subscription charges, before the one-off invitation discount). */
    amountCents: Cents,
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    /**
     * The invitation discount (percent) the member signed up with; billing keeps the percent, not the code. It
     * applies once, to the first payment.
     */
    discountPercent: Type.Union([Type.Integer(), Type.Null()]),
    provider: Type.Union([Type.Literal('stripe'), Type.Literal('test')]),
    lastPaymentFailedAt: Type.Union([Timestamp, Type.Null()]),
    /** The member's latest payments, newest first (at most 10). */
    payments: Type.Array(BillingPayment),
  },
  { $id: 'AdminMemberMembership' },
);
export type AdminMemberMembership = Static<typeof AdminMemberMembership>;

export const REVENUE_MONTHS_DEFAULT = 12;
export const REVENUE_MONTHS_MAX = 36;

export const RevenueQuery = Type.Object(
  {
    months: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: REVENUE_MONTHS_MAX,
        description: `Calendar months (UTC) up to and including the current one; default ${REVENUE_MONTHS_DEFAULT}`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type RevenueQuery = Static<typeof RevenueQuery>;

/** One calendar month (UTC) of memberships and money collected. */
export const RevenueMonth = Type.Object(
  {
    /** YYYY-MM */
    month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
    /** Sum of the payments recorded in the month, per currency (empty when none). */
    revenue: Type.Array(MoneyAmount),
    newMemberships: Type.Integer({ minimum: 0 }),
    cancellations: Type.Integer({ minimum: 0 }),
    /** Memberships running at the month's end (for the current month: now). */
    activeAtMonthEnd: Type.Integer({ minimum: 0 }),
  },
  { $id: 'RevenueMonth' },
);
export type RevenueMonth = Static<typeof RevenueMonth>;

export const RevenueReport = Type.Object(
  {
    /** Oldest first; the last is the current month. */
    months: Type.Array(RevenueMonth),
    current: Type.Object({
      activeMemberships: Type.Integer({ minimum: 0 }),
      /** Monthly recurring revenue: each active membership's price, yearly ones divided by 12, per currency. */
      monthlyRecurringRevenue: Type.Array(MoneyAmount),
    }),
    generatedAt: Timestamp,
  },
  { $id: 'RevenueReport' },
);
export type RevenueReport = Static<typeof RevenueReport>;

/** A Stripe event as Stripe (or the test checkout) posts it; the signature is checked over the raw bytes. */
export const ProviderWebhookEvent = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 255 }),
    type: Type.String({ minLength: 1, maxLength: 120 }),
    data: Type.Object(
      { object: Type.Object({}, { additionalProperties: true }) },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);

export const WebhookReceived = Type.Object({ received: Type.Boolean() }, { $id: 'WebhookReceived' });

const CheckoutParams = Type.Object({ checkoutId: Uuid });
const PlanParams = Type.Object({ planId: Uuid });
const MemberParams = Type.Object({ userId: Uuid });
const AdminPermissions = ['system_admin', 'system_settings'] as const;

/** Every REST route of billing. The gateway forwards /api/v1/billing/... here; OpenAPI is generated from it. */
export const billingRoutes = defineRoutes('billing', {
  listPlans: {
    method: 'GET',
    path: '/api/v1/billing/plans',
    summary: 'Active membership plans, cheapest first (public: plans are no secret)',
    access: { kind: 'public' },
    response: { 200: MembershipPlanList },
  },
  myMembership: {
    method: 'GET',
    path: '/api/v1/billing/memberships/me',
    summary: "The member's membership status (subscribed, innerCircle, plan, expiresAt)",
    access: { kind: 'user' },
    response: { 200: MyMembership },
  },
  cancelMyMembership: {
    method: 'POST',
    path: '/api/v1/billing/memberships/me/cancel',
    summary: "Cancels the member's membership at the end of the paid period",
    access: { kind: 'user' },
    response: { 200: MyMembership },
  },
  customerPortal: {
    method: 'POST',
    path: '/api/v1/billing/memberships/me/portal',
    summary: "A link to Stripe's customer portal (only with Stripe configured)",
    access: { kind: 'user' },
    response: { 200: PortalRedirect },
  },
  previewPlanChange: {
    method: 'POST',
    path: '/api/v1/billing/memberships/me/plan-change/preview',
    summary:
      "What moving the member's active membership to another plan costs now (prorated credit and charge)",
    access: { kind: 'user' },
    body: PlanChangePreviewRequest,
    response: { 200: PlanChangePreview },
  },
  changePlan: {
    method: 'POST',
    path: '/api/v1/billing/memberships/me/plan-change',
    summary:
      "Moves the member's active membership to another plan now, prorated as previewed at prorationDate",
    access: { kind: 'user' },
    body: PlanChangeRequest,
    response: { 200: MyMembership },
  },
  createCheckout: {
    method: 'POST',
    path: '/api/v1/billing/checkouts',
    summary:
      "Starts a checkout for a plan (the member's invitation discount applied); returns the payment page",
    access: { kind: 'user' },
    body: CreateCheckoutRequest,
    response: { 201: CheckoutRedirect },
  },
  validateDiscount: {
    method: 'POST',
    path: '/api/v1/billing/discounts/validate',
    summary: "The spec's validate-discount-code: whether the member's invitation discount applies",
    access: { kind: 'user' },
    body: ValidateDiscountRequest,
    response: { 200: DiscountValidation },
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/v1/billing/webhooks/stripe',
    summary: "Stripe's webhook: the Stripe-Signature header is verified over the raw body",
    access: { kind: 'public' },
    body: ProviderWebhookEvent,
    response: { 200: WebhookReceived },
  },
  testCheckoutPage: {
    method: 'GET',
    path: '/api/v1/billing/test-checkout/:checkoutId',
    summary: 'The built-in TEST PAYMENT page (only when Stripe is not configured)',
    access: { kind: 'public' },
    params: CheckoutParams,
    produces: 'text/html',
    response: { 200: Type.String({ description: 'An HTML page' }) },
  },
  testCheckoutStylesheet: {
    method: 'GET',
    path: '/api/v1/billing/test-checkout/assets/checkout.css',
    summary: "The TEST PAYMENT page's stylesheet (MER's look; the CSP allows no inline style)",
    access: { kind: 'public' },
    produces: 'text/css',
    response: { 200: Type.String({ description: 'A CSS stylesheet' }) },
  },
  testCheckoutPay: {
    method: 'POST',
    path: '/api/v1/billing/test-checkout/:checkoutId/pay',
    summary:
      'Pays a test checkout: a signed Stripe-format event through the webhook code, then back to the site',
    access: { kind: 'public' },
    params: CheckoutParams,
    response: { 303: NoContent },
  },
  testCheckoutCancel: {
    method: 'POST',
    path: '/api/v1/billing/test-checkout/:checkoutId/cancel',
    summary: 'Abandons a test checkout and returns to /membership?payment=cancelled; nothing is activated',
    access: { kind: 'public' },
    params: CheckoutParams,
    response: { 303: NoContent },
  },
  adminListPlans: {
    method: 'GET',
    path: '/api/v1/billing/admin/plans',
    summary: 'Every plan, active or not, in display order (admins)',
    access: { kind: 'permission', anyOf: AdminPermissions },
    response: { 200: MembershipPlanList },
  },
  adminCreatePlan: {
    method: 'POST',
    path: '/api/v1/billing/admin/plans',
    summary: 'Creates a plan (admins)',
    access: { kind: 'permission', anyOf: AdminPermissions },
    body: CreatePlanRequest,
    response: { 201: MembershipPlan },
  },
  adminUpdatePlan: {
    method: 'PATCH',
    path: '/api/v1/billing/admin/plans/:planId',
    summary: 'Edits a plan; active false deactivates it (admins)',
    access: { kind: 'permission', anyOf: AdminPermissions },
    params: PlanParams,
    body: UpdatePlanRequest,
    response: { 200: MembershipPlan },
  },
  adminReorderPlans: {
    method: 'POST',
    path: '/api/v1/billing/admin/plans/reorder',
    summary: 'Sets the display order: the plans in the order given (admins)',
    access: { kind: 'permission', anyOf: AdminPermissions },
    body: ReorderPlansRequest,
    response: { 200: MembershipPlanList },
  },
  adminSyncMembership: {
    method: 'POST',
    path: '/api/v1/billing/admin/sync',
    summary: "Syncs a member's membership from the card payment provider by e-mail (admins)",
    access: { kind: 'permission', anyOf: AdminPermissions },
    body: SyncMembershipRequest,
    response: { 200: SyncMembershipResult },
  },
  adminMemberMembership: {
    method: 'GET',
    path: '/api/v1/billing/admin/members/:userId/membership',
    summary: "A member's membership with its period, price, discount and latest payments (admins)",
    access: { kind: 'permission', anyOf: AdminPermissions },
    params: MemberParams,
    response: { 200: AdminMemberMembership },
  },
  adminRevenue: {
    method: 'GET',
    path: '/api/v1/billing/admin/revenue',
    summary:
      'Per calendar month (UTC): money collected, new memberships, cancellations, active at month end; current MRR (admins)',
    access: { kind: 'permission', anyOf: AdminPermissions },
    querystring: RevenueQuery,
    response: { 200: RevenueReport },
  },
});
