import type {
  CheckoutRedirect,
  DiscountValidation,
  MembershipPlan,
  MembershipPlanList,
  MyMembership,
  PlanChangePreview,
} from '@mer/contracts';
import { apiRequest } from './http.ts';
import { formatMoneyCents } from './locale-format.ts';

/** Billing's paths the web app calls (checked against the contracts by contract-parity.test.ts). */
export const BILLING_PATHS = {
  listPlans: '/api/v1/billing/plans',
  myMembership: '/api/v1/billing/memberships/me',
  cancelMyMembership: '/api/v1/billing/memberships/me/cancel',
  customerPortal: '/api/v1/billing/memberships/me/portal',
  previewPlanChange: '/api/v1/billing/memberships/me/plan-change/preview',
  changePlan: '/api/v1/billing/memberships/me/plan-change',
  createCheckout: '/api/v1/billing/checkouts',
  validateDiscount: '/api/v1/billing/discounts/validate',
} as const;

export type { MembershipPlan, MyMembership, DiscountValidation, PlanChangePreview };

export const billingApi = {
  /** Active plans, cheapest first (spec: membership_types where is_active, ordered by price). */
  async listPlans(signal?: AbortSignal): Promise<MembershipPlan[]> {
    const list = await apiRequest<MembershipPlanList>('GET', BILLING_PATHS.listPlans, {
      access: 'public',
      signal,
    });
    return list.plans;
  },
  myMembership(signal?: AbortSignal): Promise<MyMembership> {
    return apiRequest('GET', BILLING_PATHS.myMembership, { signal });
  },
  cancelMyMembership(): Promise<MyMembership> {
    return apiRequest('POST', BILLING_PATHS.cancelMyMembership);
  },
  customerPortal(): Promise<{ url: string }> {
    return apiRequest('POST', BILLING_PATHS.customerPortal);
  },
  /** What moving the active membership to another plan costs now (prorated by the payment provider). */
  previewPlanChange(planId: string): Promise<PlanChangePreview> {
    return apiRequest('POST', BILLING_PATHS.previewPlanChange, { body: { planId } });
  },
  /** Moves the membership to the plan now, at the amounts previewed at `prorationDate`. */
  changePlan(planId: string, prorationDate: string): Promise<MyMembership> {
    return apiRequest('POST', BILLING_PATHS.changePlan, { body: { planId, prorationDate } });
  },
  /** Starts a checkout; the browser then goes to the returned payment page. */
  createCheckout(planId: string): Promise<CheckoutRedirect> {
    return apiRequest('POST', BILLING_PATHS.createCheckout, { body: { planId } });
  },
  /** The spec's validate-discount-code: the member's invitation discount, if it applies. */
  validateDiscount(code: string, planId: string | null = null): Promise<DiscountValidation> {
    return apiRequest('POST', BILLING_PATHS.validateDiscount, { body: { code, planId } });
  },
};

/** Euros from cents in the browser's locale (spec: prices stored in cents, shown in euros). */
export function formatEuroCents(cents: number, locale?: string): string {
  return formatMoneyCents(cents, 'EUR', locale);
}

/** The price after a percent discount, in whole cents (the same rounding billing charges). */
export function discountedCents(cents: number, percent: number | null): number {
  if (!percent) return cents;
  return cents - Math.round((cents * Math.min(100, Math.max(0, Math.trunc(percent)))) / 100);
}
