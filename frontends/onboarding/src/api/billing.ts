import type { MembershipPlan } from '@mer/contracts';
import { billing } from '@mer/contracts/browser';
import { call, routeKey, useSessionStore } from '@mer/api-client';
import { invalidateMembership, useMutation, useQuery } from '@mer/server-state';

/*
 * The onboarding remote's calls to billing (the membership page). The member's membership is cached under the
 * one key derived from billing's memberships/me route, the same entry the shell's guard reads
 * (@mer/server-state's useMembership), so a change here is seen there. Mutations are not retried.
 */

export const billingKeys = {
  plans: () => routeKey(billing.listPlans),
  discount: (code: string) => [...routeKey(billing.validateDiscount), code],
  planChangePreview: (planId: string) => [...routeKey(billing.previewPlanChange), planId],
};
export const membershipKeys = {
  mine: () => routeKey(billing.myMembership),
};

/** Active plans, cheapest first (spec: membership_types where is_active, ordered by price). */
export function usePlans() {
  return useQuery({
    queryKey: billingKeys.plans(),
    queryFn: async ({ signal }): Promise<MembershipPlan[]> =>
      (await call(billing.listPlans, { signal })).plans,
  });
}

export function useMyMembership() {
  const signedIn = useSessionStore((s) => Boolean(s.user));
  return useQuery({
    queryKey: membershipKeys.mine(),
    queryFn: ({ signal }) => call(billing.myMembership, { signal }),
    enabled: signedIn,
  });
}

/** The spec's validate-discount-code: the member's invitation discount, if it applies. */
export function useDiscountValidation(code: string) {
  return useQuery({
    queryKey: billingKeys.discount(code),
    queryFn: () => call(billing.validateDiscount, { body: { code, planId: null } }),
    enabled: code.length > 0,
    staleTime: 300_000,
    retry: false,
  });
}

/** What moving the active membership to another plan costs now (prorated by the payment provider). */
export function usePlanChangePreview(planId: string) {
  return useQuery({
    queryKey: billingKeys.planChangePreview(planId),
    queryFn: () => call(billing.previewPlanChange, { body: { planId } }),
    // Always the provider's figures of this moment: never from the cache, never repeated.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Starts a checkout; the browser then goes to the returned payment page. */
export function useCreateCheckout() {
  return useMutation({
    mutationFn: (planId: string) => call(billing.createCheckout, { body: { planId } }),
    retry: false,
  });
}

/** Moves the membership to the plan now, at the amounts previewed at `prorationDate`. */
export function useChangePlan() {
  return useMutation({
    mutationFn: (input: { planId: string; prorationDate: string }) =>
      call(billing.changePlan, { body: input }),
    retry: false,
    onSuccess: () => invalidateMembership(),
  });
}

export function useCancelMembership() {
  return useMutation({
    mutationFn: () => call(billing.cancelMyMembership),
    retry: false,
    onSuccess: () => invalidateMembership(),
  });
}

export function useCustomerPortal() {
  return useMutation({ mutationFn: () => call(billing.customerPortal), retry: false });
}
