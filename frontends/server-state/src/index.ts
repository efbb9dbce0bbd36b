// Server state for every MER front end: TanStack Query with the spec's cache policy, and the member's account state.
export { queryClient, createQueryClient } from './query-client.ts';
export {
  useQuery,
  useSuspenseQuery,
  useInfiniteQuery,
  useMutation,
  useIsFetching,
  useQueryClient,
  ServerStateProvider,
} from './bound-hooks.ts';
export {
  QueryClient,
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  type UseMutationOptions,
} from '@tanstack/react-query';
export {
  identityProfileSource,
  profileServiceSource,
  setProfileSource,
  basicProfileFor,
  useMemberProfile,
  fetchMemberProfile,
  useProfileHealth,
  resetProfileHealth,
  noMembershipSource,
  billingMembershipSource,
  invalidateMembership,
  MEMBERSHIP_ACTIVATION_POLL_MS,
  setMembershipSource,
  useMembership,
  isMembershipActive,
  isInnerCircleMember,
  INNER_CIRCLE_MEMBERSHIP,
  postLoginDestination,
  type MemberProfile,
  type ProfileSource,
  type ProfileState,
  type Membership,
  type MembershipSource,
} from './account.ts';
export {
  startRealtime,
  stopRealtime,
  onRealtimeMessage,
  useRealtimeStatus,
  type RealtimeStatus,
} from './realtime.ts';
