import {
  admin,
  billing,
  eventsCircles,
  identity,
  messaging,
  profileOnboarding,
  type QueryOf,
  type ResponseOfRoute,
} from '@mer/contracts/browser';
import type { Permission } from '@mer/contracts';
import { ApiError, call, describeError, routeKey } from '@mer/api-client';
import { queryClient, useMutation, useQuery } from '@mer/server-state';

/*
 * admin-area's calls: the admin service (security log, moderation queue, dashboard, audit trail) and the admin routes
 * other services own (identity ends all sessions, billing syncs a membership, messaging cleans up orphaned
 * messages). Typed by the contracts' browser route table, sent by `call`, cached under keys derived from the routes.
 * Components use these hooks and never `call` themselves. Mutations are not retried.
 */

export type SecurityEvent = ResponseOfRoute<typeof admin.listSecurityEvents>['events'][number];
export type SecurityQuery = NonNullable<QueryOf<typeof admin.listSecurityEvents>>;
export type ModerationItem = ResponseOfRoute<typeof admin.moderationQueue>['items'][number];
export type ModerationAction = ModerationItem['lastAction'] & string;
export type Dashboard = ResponseOfRoute<typeof admin.dashboard>;
export type AuditEntry = ResponseOfRoute<typeof admin.auditTrail>['entries'][number];

export const adminKeys = {
  securityEvents: (query: SecurityQuery) => routeKey(admin.listSecurityEvents, { query }),
  securityEventsAll: () => routeKey(admin.listSecurityEvents),
  moderation: (query: ModerationQuery) => routeKey(admin.moderationQueue, { query }),
  moderationAll: () => routeKey(admin.moderationQueue),
  dashboard: () => routeKey(admin.dashboard),
  audit: (offset: number) => routeKey(admin.auditTrail, { query: { offset } }),
};

/** The security log, newest first (at most 100), filtered on the server. */
export function useSecurityEvents(query: SecurityQuery) {
  return useQuery({
    queryKey: adminKeys.securityEvents(query),
    queryFn: ({ signal }) => call(admin.listSecurityEvents, { query, signal }),
    select: (answer) => answer.events,
  });
}

export function useResolveSecurityEvent() {
  return useMutation({
    mutationFn: (id: string) => call(admin.resolveSecurityEvent, { params: { id } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.securityEventsAll() }),
  });
}

export const MODERATION_PAGE_SIZE = 20;

export interface ModerationQuery {
  status: 'open' | 'decided';
  offset: number;
  /** Only items about this member or their content. */
  authorId?: string;
}

export function useModerationQueue(query: ModerationQuery) {
  return useQuery({
    queryKey: adminKeys.moderation(query),
    queryFn: ({ signal }) =>
      call(admin.moderationQueue, { query: { ...query, limit: MODERATION_PAGE_SIZE }, signal }),
  });
}

export function useDecide() {
  return useMutation({
    mutationFn: (input: { id: string; action: ModerationAction; note?: string }) =>
      call(admin.decideModeration, {
        params: { id: input.id },
        body: { action: input.action, ...(input.note ? { note: input.note } : {}) },
      }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.moderationAll() }),
  });
}

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => call(admin.dashboard, { signal }),
  });
}

export const AUDIT_PAGE_SIZE = 25;

export function useAuditTrail(offset: number) {
  return useQuery({
    queryKey: adminKeys.audit(offset),
    queryFn: ({ signal }) => call(admin.auditTrail, { query: { offset, limit: AUDIT_PAGE_SIZE }, signal }),
  });
}

/** /session-manager: every session of every member ends (every open tab signs out through /ws). */
export function useEndAllSessions() {
  return useMutation({ mutationFn: () => call(identity.revokeAllSessions, {}), retry: false });
}

export function useSyncMembership() {
  return useMutation({
    mutationFn: (email: string) => call(billing.adminSyncMembership, { body: { email } }),
    retry: false,
  });
}

export function useCleanupOrphanedMessages() {
  return useMutation({ mutationFn: () => call(messaging.cleanupOrphanedMessages, {}), retry: false });
}

/** Live refresh of the admin's lists: the gateway pushes these only to admins' sockets. */
export function refreshSecurityLog(): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.securityEventsAll() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
}

export function refreshModerationQueue(): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.moderationAll() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
}

export type InterestSuggestion = ResponseOfRoute<
  typeof profileOnboarding.listInterestSuggestions
>['suggestions'][number];

export type PendingCircle = ResponseOfRoute<typeof eventsCircles.pendingCircles>['circles'][number];
export type PendingEvent = ResponseOfRoute<typeof eventsCircles.pendingEvents>['events'][number];

/** A reviewer's decision on a circle or an event; a rejection always carries the reason its creator reads. */
export type GatheringReview =
  | { kind: 'circle' | 'event'; id: string; decision: 'approved' }
  | { kind: 'circle' | 'event'; id: string; decision: 'rejected'; reason: string };

export const approvalKeys = {
  suggestions: () => routeKey(profileOnboarding.listInterestSuggestions, { query: { status: 'pending' } }),
  circles: () => routeKey(eventsCircles.pendingCircles),
  events: () => routeKey(eventsCircles.pendingEvents),
};

/** Interest suggestions waiting for review (profile-onboarding's own review routes). */
export function usePendingSuggestions() {
  return useQuery({
    queryKey: approvalKeys.suggestions(),
    queryFn: ({ signal }) =>
      call(profileOnboarding.listInterestSuggestions, { query: { status: 'pending' }, signal }),
    select: (answer) => answer.suggestions,
  });
}

export function useReviewSuggestion() {
  return useMutation({
    mutationFn: (input: { id: string; approve: true } | { id: string; approve: false; reason: string }) =>
      input.approve
        ? call(profileOnboarding.approveInterestSuggestion, { params: { id: input.id } })
        : call(profileOnboarding.rejectInterestSuggestion, {
            params: { id: input.id },
            body: { reason: input.reason },
          }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.suggestions() }),
  });
}

/** Circles waiting for approval, oldest first (events-circles' review routes). */
export function usePendingCircles() {
  return useQuery({
    queryKey: approvalKeys.circles(),
    queryFn: ({ signal }) => call(eventsCircles.pendingCircles, { signal }),
    select: (answer) => answer.circles,
  });
}

/** Events waiting for approval, oldest first. */
export function usePendingEvents() {
  return useQuery({
    queryKey: approvalKeys.events(),
    queryFn: ({ signal }) => call(eventsCircles.pendingEvents, { signal }),
    select: (answer) => answer.events,
  });
}

export function useReviewGathering() {
  return useMutation({
    mutationFn: async (review: GatheringReview): Promise<void> => {
      const body =
        review.decision === 'approved'
          ? { decision: 'approved' as const }
          : { decision: 'rejected' as const, reason: review.reason };
      if (review.kind === 'circle')
        await call(eventsCircles.reviewCircle, { params: { circleId: review.id }, body });
      else await call(eventsCircles.reviewEvent, { params: { eventId: review.id }, body });
    },
    retry: false,
    // Refetched whatever the answer: a decision another reviewer made first also leaves the list.
    onSettled: (_answer, _error, review) =>
      queryClient.invalidateQueries({
        queryKey: review.kind === 'circle' ? approvalKeys.circles() : approvalKeys.events(),
      }),
  });
}

/** The gateway's readiness: its own, and each service's /readyz as the gateway reaches it. */
export interface Readiness {
  status: string;
  services: Record<string, 'ready' | 'not ready' | 'unreachable'>;
}

export type BusDiagnostics = ResponseOfRoute<typeof admin.busDiagnostics>;

/** The readiness and the bus consumers' lag; a bus report that failed says why instead. */
export interface Diagnostics extends Readiness {
  bus: BusDiagnostics | { problem: string };
}

/**
 * Full diagnostics: the gateway's /readyz (public, not a contract route, so a plain GET; a 503 still carries the
 * per-service answer) and each bus consumer's lag (the admin service's report, for system admins).
 */
export function useDiagnostics() {
  return useMutation({
    mutationFn: async (): Promise<Diagnostics> => {
      const started = performance.now();
      const [readiness, bus] = await Promise.all([
        fetch('/readyz', { cache: 'no-store' }).then(async (response) => {
          const body = (await response.json()) as Partial<Readiness>;
          return {
            status: `${body.status ?? response.status} (${Math.round(performance.now() - started)} ms)`,
            services: body.services ?? {},
          };
        }),
        // The readiness is worth showing even when the admin service cannot answer.
        call(admin.busDiagnostics).catch((error: unknown) => ({ problem: describeError(error).description })),
      ]);
      return { ...readiness, bus };
    },
    retry: false,
  });
}

/* Members, invitation codes and the waiting list (identity's admin routes) and membership plans (billing's). */

export type MemberQuery = NonNullable<QueryOf<typeof identity.listMembers>>;
export type MemberSummary = ResponseOfRoute<typeof identity.listMembers>['members'][number];
export type MemberAccount = ResponseOfRoute<typeof identity.memberAccount>;
export type Invitation = ResponseOfRoute<typeof identity.listInvitations>['invitations'][number];
export type WaitingListEntry = ResponseOfRoute<typeof identity.listWaitingList>['entries'][number];
export type Plan = ResponseOfRoute<typeof billing.adminListPlans>['plans'][number];

export const MEMBERS_PAGE_SIZE = 25;
export const COMMUNITY_PAGE_SIZE = 25;

export const memberKeys = {
  list: (query: MemberQuery) => routeKey(identity.listMembers, { query }),
  listAll: () => routeKey(identity.listMembers),
  account: (id: string) => routeKey(identity.memberAccount, { params: { id } }),
  invitations: (offset: number) => routeKey(identity.listInvitations, { query: { offset } }),
  invitationsAll: () => routeKey(identity.listInvitations),
  waitingList: (offset: number) => routeKey(identity.listWaitingList, { query: { offset } }),
  waitingListAll: () => routeKey(identity.listWaitingList),
  plans: () => routeKey(billing.adminListPlans),
};

/** Members, searched, filtered and paged on the server. */
export function useMembers(query: MemberQuery) {
  return useQuery({
    queryKey: memberKeys.list(query),
    queryFn: ({ signal }) => call(identity.listMembers, { query, signal }),
  });
}

export function useMemberAccount(id: string) {
  return useQuery({
    queryKey: memberKeys.account(id),
    queryFn: ({ signal }) => call(identity.memberAccount, { params: { id }, signal }),
  });
}

/** One change of a member's account; identity answers with the account after it. */
export type MemberChange =
  | { kind: 'permission'; permission: Permission; granted: boolean }
  | { kind: 'adminRecord'; active: boolean }
  | { kind: 'role'; role: 'coach' | 'mentor' | 'community_leader'; held: boolean }
  | { kind: 'facilitator'; facilitator: boolean }
  | { kind: 'suspension'; suspended: boolean };

function changeMember(id: string, change: MemberChange): Promise<MemberAccount> {
  switch (change.kind) {
    case 'permission': {
      const params = { id, permission: change.permission };
      return change.granted
        ? call(identity.grantPermission, { params })
        : call(identity.revokePermission, { params });
    }
    case 'adminRecord':
      return call(identity.setAdminRecord, { params: { id }, body: { active: change.active } });
    case 'role':
      return call(identity.setCommunityRole, {
        params: { id, role: change.role },
        body: { held: change.held },
      });
    case 'facilitator':
      return call(identity.setFacilitator, { params: { id }, body: { facilitator: change.facilitator } });
    case 'suspension':
      return call(identity.setSuspension, { params: { id }, body: { suspended: change.suspended } });
  }
}

export function useChangeMember(id: string) {
  return useMutation({
    mutationFn: (change: MemberChange) => changeMember(id, change),
    retry: false,
    onSuccess: (account) => {
      queryClient.setQueryData(memberKeys.account(id), account);
      void queryClient.invalidateQueries({ queryKey: memberKeys.listAll() });
    },
  });
}

export function useEndMemberSessions(id: string) {
  return useMutation({
    mutationFn: () => call(identity.endMemberSessions, { params: { id } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.account(id) }),
  });
}

export function useDeleteMember(id: string) {
  return useMutation({
    mutationFn: () => call(identity.deleteMember, { params: { id } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.listAll() }),
  });
}

export function useInvitations(offset: number) {
  return useQuery({
    queryKey: memberKeys.invitations(offset),
    queryFn: ({ signal }) =>
      call(identity.listInvitations, { query: { offset, limit: COMMUNITY_PAGE_SIZE }, signal }),
  });
}

export function useCreateInvitation() {
  return useMutation({
    mutationFn: (input: { maxUses: number; discountPercent?: number }) =>
      call(identity.createInvitation, { body: input }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.invitationsAll() }),
  });
}

export function useDisableInvitation() {
  return useMutation({
    mutationFn: (code: string) => call(identity.disableInvitation, { params: { code } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.invitationsAll() }),
  });
}

export function useWaitingList(offset: number) {
  return useQuery({
    queryKey: memberKeys.waitingList(offset),
    queryFn: ({ signal }) =>
      call(identity.listWaitingList, { query: { offset, limit: COMMUNITY_PAGE_SIZE }, signal }),
  });
}

export function useInviteFromWaitingList() {
  return useMutation({
    mutationFn: (id: string) => call(identity.inviteFromWaitingList, { params: { id } }),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.waitingListAll() });
      void queryClient.invalidateQueries({ queryKey: memberKeys.invitationsAll() });
    },
  });
}

export function usePlans() {
  return useQuery({
    queryKey: memberKeys.plans(),
    queryFn: ({ signal }) => call(billing.adminListPlans, { signal }),
    select: (answer) => answer.plans,
  });
}

export function useSetPlanActive() {
  return useMutation({
    mutationFn: (input: { planId: string; active: boolean }) =>
      call(billing.adminUpdatePlan, { params: { planId: input.planId }, body: { active: input.active } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.plans() }),
  });
}

/* Memberships and revenue (billing's admin routes). */

export type MemberMembership = ResponseOfRoute<typeof billing.adminMemberMembership>;
export type RevenueReport = ResponseOfRoute<typeof billing.adminRevenue>;

/** Months of revenue the dashboard shows (billing allows up to 36). */
export const REVENUE_MONTHS_SHOWN = 12;

export const billingKeys = {
  memberMembership: (userId: string) => routeKey(billing.adminMemberMembership, { params: { userId } }),
  revenue: (months: number) => routeKey(billing.adminRevenue, { query: { months } }),
};

/** One member's membership for an admin; null when the member has none (billing answers 404). */
export function useMemberMembership(userId: string) {
  return useQuery({
    queryKey: billingKeys.memberMembership(userId),
    queryFn: async ({ signal }): Promise<MemberMembership | null> => {
      try {
        return await call(billing.adminMemberMembership, { params: { userId }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Money collected, new and cancelled memberships and active ones per calendar month; MRR now. */
export function useRevenue(months = REVENUE_MONTHS_SHOWN) {
  return useQuery({
    queryKey: billingKeys.revenue(months),
    queryFn: ({ signal }) => call(billing.adminRevenue, { query: { months }, signal }),
  });
}
