// Server state for every MER front end: the page's one query client (the spec's cache policy) and its hooks, the
// signed-in member's account state the shell and the pages share, and the realtime channel. Each remote's own
// queries and mutations live in its src/api/.
export { queryClient } from './query-client.ts';
export { useQuery, useMutation, useInfiniteQuery } from './bound-hooks.ts';
export { keepPreviousData, type InfiniteData } from '@tanstack/react-query';
export {
  accountKeys,
  useMemberProfile,
  fetchMemberProfile,
  markOnboardingCompleted,
  refreshMemberProfile,
  invalidateMembership,
  useMembership,
  isMembershipActive,
  postLoginDestination,
  type MemberProfile,
  type Membership,
} from './account.ts';
export {
  startRealtime,
  stopRealtime,
  onRealtimeMessage,
  useRealtimeStatus,
  type RealtimeStatus,
} from './realtime.ts';
