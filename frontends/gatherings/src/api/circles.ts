import { eventsCircles, socialGraph } from '@mer/contracts/browser';
import type {
  CircleDiscussion,
  CircleDiscussionReply,
  CirclePage,
  CircleQuery,
  CircleRole,
  CreateCircleBody,
  CreateMeetupBody,
  RsvpResult,
  UpdateMeetupBody,
  UpdateOccurrenceBody,
} from '@mer/contracts';
import { call, routeKey } from '@mer/api-client';
import { queryClient, useInfiniteQuery, useMutation, useQuery } from '@mer/server-state';

/*
 * gatherings' calls to events-circles about circles: the lists, a circle's tabs (posts, forum, discussions,
 * meetups, members), joining, and creating circles and meetups. Components use these hooks, never the transport.
 */

export type CircleListView = NonNullable<CircleQuery['view']>;

export const circleKeys = {
  lists: () => routeKey(eventsCircles.circles),
  list: (filter: { view: CircleListView; q: string }) =>
    [...routeKey(eventsCircles.circles), filter] as const,
  circle: (circleId: string) => routeKey(eventsCircles.circle, { params: { circleId } }),
  about: (circleId: string) => routeKey(eventsCircles.circleAbout, { params: { circleId } }),
  members: (circleId: string) => routeKey(eventsCircles.circleMembers, { params: { circleId } }),
  posts: (circleId: string) => routeKey(eventsCircles.circlePosts, { params: { circleId } }),
  post: (circleId: string, postId: string) =>
    routeKey(eventsCircles.circlePost, { params: { circleId, postId } }),
  topics: (circleId: string) => routeKey(eventsCircles.forumTopics, { params: { circleId } }),
  topic: (circleId: string, topicId: string) =>
    routeKey(eventsCircles.forumTopic, { params: { circleId, topicId } }),
  discussions: (circleId: string) => routeKey(eventsCircles.circleDiscussions, { params: { circleId } }),
  discussion: (circleId: string, discussionId: string) =>
    routeKey(eventsCircles.circleDiscussion, { params: { circleId, discussionId } }),
  meetups: (circleId: string) => routeKey(eventsCircles.circleMeetups, { params: { circleId } }),
  requests: (circleId: string) => routeKey(eventsCircles.joinRequests, { params: { circleId } }),
  occurrenceAttendees: (meetupId: string, occurrenceId: string) =>
    routeKey(eventsCircles.occurrenceAttendees, { params: { meetupId, occurrenceId } }),
};

const DYNAMIC_STALE_MS = 30_000;

export function useCircles(filter: { view: CircleListView; q: string }) {
  return useInfiniteQuery({
    queryKey: circleKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      call(eventsCircles.circles, {
        query: {
          view: filter.view,
          ...(filter.q ? { q: filter.q } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CirclePage) => last.nextCursor,
    staleTime: DYNAMIC_STALE_MS,
  });
}

export function useCircle(circleId: string) {
  return useQuery({
    queryKey: circleKeys.circle(circleId),
    queryFn: ({ signal }) => call(eventsCircles.circle, { params: { circleId }, signal }),
    staleTime: DYNAMIC_STALE_MS,
    retry: false,
  });
}

export function useCircleAbout(circleId: string) {
  return useQuery({
    queryKey: circleKeys.about(circleId),
    queryFn: ({ signal }) => call(eventsCircles.circleAbout, { params: { circleId }, signal }),
    staleTime: DYNAMIC_STALE_MS,
    retry: false,
  });
}

function reloadCircle(circleId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: circleKeys.circle(circleId) }),
    queryClient.invalidateQueries({ queryKey: circleKeys.about(circleId) }),
    queryClient.invalidateQueries({ queryKey: circleKeys.members(circleId) }),
    queryClient.invalidateQueries({ queryKey: circleKeys.lists() }),
  ]);
}

/** Joins an open circle, asks to join one by request, or accepts an invitation. */
export function useJoinCircle(circleId: string) {
  return useMutation({
    mutationFn: () => call(eventsCircles.joinCircle, { params: { circleId } }),
    retry: false,
    onSuccess: () => reloadCircle(circleId),
  });
}

/** Leaves, withdraws a request or declines an invitation. */
export function useLeaveCircle(circleId: string) {
  return useMutation({
    mutationFn: () => call(eventsCircles.leaveCircle, { params: { circleId } }),
    retry: false,
    onSuccess: () => reloadCircle(circleId),
  });
}

export function useCreateCircle() {
  return useMutation({
    mutationFn: (body: CreateCircleBody) => call(eventsCircles.createCircle, { body }),
    retry: false,
    onSuccess: (circle) => {
      queryClient.setQueryData(circleKeys.circle(circle.id), circle);
      void queryClient.invalidateQueries({ queryKey: circleKeys.lists() });
    },
  });
}

export function useCircleMembers(circleId: string) {
  return useQuery({
    queryKey: circleKeys.members(circleId),
    queryFn: ({ signal }) => call(eventsCircles.circleMembers, { params: { circleId }, signal }),
    select: (answer) => answer.members,
    staleTime: DYNAMIC_STALE_MS,
  });
}

// ---------------------------------------------------------------- posts

export function useCirclePosts(circleId: string) {
  return useQuery({
    queryKey: circleKeys.posts(circleId),
    queryFn: ({ signal }) => call(eventsCircles.circlePosts, { params: { circleId }, signal }),
    select: (answer) => answer.posts,
    staleTime: DYNAMIC_STALE_MS,
  });
}

export function useCirclePost(circleId: string, postId: string | null) {
  return useQuery({
    queryKey: circleKeys.post(circleId, postId ?? ''),
    queryFn: ({ signal }) =>
      call(eventsCircles.circlePost, { params: { circleId, postId: postId! }, signal }),
    enabled: Boolean(postId),
    retry: false,
  });
}

export function useCreateCirclePost(circleId: string) {
  return useMutation({
    mutationFn: (content: string) =>
      call(eventsCircles.createCirclePost, { params: { circleId }, body: { content } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: circleKeys.posts(circleId) }),
  });
}

// ---------------------------------------------------------------- forum and discussions

export function useForumTopics(circleId: string) {
  return useQuery({
    queryKey: circleKeys.topics(circleId),
    queryFn: ({ signal }) => call(eventsCircles.forumTopics, { params: { circleId }, signal }),
    select: (answer) => answer.topics,
    staleTime: DYNAMIC_STALE_MS,
  });
}

export function useForumTopic(circleId: string, topicId: string | null) {
  return useQuery({
    queryKey: circleKeys.topic(circleId, topicId ?? ''),
    queryFn: ({ signal }) =>
      call(eventsCircles.forumTopic, { params: { circleId, topicId: topicId! }, signal }),
    enabled: Boolean(topicId),
    retry: false,
  });
}

export function useCircleDiscussions(circleId: string) {
  return useQuery({
    queryKey: circleKeys.discussions(circleId),
    queryFn: ({ signal }) => call(eventsCircles.circleDiscussions, { params: { circleId }, signal }),
    select: (answer) => answer.discussions,
    staleTime: DYNAMIC_STALE_MS,
  });
}

export function useCircleDiscussion(circleId: string, discussionId: string | null) {
  return useQuery({
    queryKey: circleKeys.discussion(circleId, discussionId ?? ''),
    queryFn: ({ signal }) =>
      call(eventsCircles.circleDiscussion, { params: { circleId, discussionId: discussionId! }, signal }),
    enabled: Boolean(discussionId),
    retry: false,
  });
}

type CircleDiscussionAnswer = { discussion: CircleDiscussion; replies: CircleDiscussionReply[] };

/** The open circle discussion as last fetched (the live updates read whose it is and whose its replies are). */
export function cachedCircleDiscussion(
  circleId: string,
  discussionId: string,
): CircleDiscussionAnswer | undefined {
  return queryClient.getQueryData<CircleDiscussionAnswer>(circleKeys.discussion(circleId, discussionId));
}

/** Changes the open circle discussion in place (a moderation change pushed through /ws), without a fetch. */
export function updateCachedCircleDiscussion(
  circleId: string,
  discussionId: string,
  update: (answer: CircleDiscussionAnswer) => CircleDiscussionAnswer,
): void {
  queryClient.setQueryData<CircleDiscussionAnswer>(circleKeys.discussion(circleId, discussionId), (answer) =>
    answer ? update(answer) : answer,
  );
}

/**
 * Fetches the circle's forum again after a moderation change: the discussion (when `discussionId` is given, the
 * server answers what this viewer may see of it), the lists and the topics with their counts.
 */
export function refreshCircleForum(circleId: string, discussionId?: string): void {
  if (discussionId)
    void queryClient.invalidateQueries({ queryKey: circleKeys.discussion(circleId, discussionId) });
  void queryClient.invalidateQueries({ queryKey: circleKeys.discussions(circleId) });
  void queryClient.invalidateQueries({ queryKey: circleKeys.topics(circleId) });
}

export function useStartCircleDiscussion(circleId: string) {
  return useMutation({
    mutationFn: (body: { title: string; body: string; topicId?: string }) =>
      call(eventsCircles.createCircleDiscussion, { params: { circleId }, body }),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: circleKeys.discussions(circleId) });
      void queryClient.invalidateQueries({ queryKey: circleKeys.topics(circleId) });
    },
  });
}

export function useReplyToCircleDiscussion(circleId: string, discussionId: string) {
  return useMutation({
    mutationFn: (body: string) =>
      call(eventsCircles.replyToCircleDiscussion, { params: { circleId, discussionId }, body: { body } }),
    retry: false,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: circleKeys.discussion(circleId, discussionId) }),
  });
}

// ---------------------------------------------------------------- meetups

export function useCircleMeetups(circleId: string) {
  return useQuery({
    queryKey: circleKeys.meetups(circleId),
    queryFn: ({ signal }) => call(eventsCircles.circleMeetups, { params: { circleId }, signal }),
    select: (answer) => answer.meetups,
    staleTime: DYNAMIC_STALE_MS,
  });
}

export function reloadCircleMeetups(circleId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: circleKeys.meetups(circleId) });
}

export function useCreateMeetup(circleId: string) {
  return useMutation({
    mutationFn: (body: CreateMeetupBody) => call(eventsCircles.createMeetup, { params: { circleId }, body }),
    retry: false,
    onSuccess: () => reloadCircleMeetups(circleId),
  });
}

export function useOccurrenceRsvp(circleId: string, meetupId: string, occurrenceId: string) {
  return useMutation({
    mutationFn: (status: 'going' | 'not_going'): Promise<RsvpResult> =>
      call(eventsCircles.occurrenceRsvp, { params: { meetupId, occurrenceId }, body: { status } }),
    retry: false,
    onSuccess: () => {
      void reloadCircleMeetups(circleId);
      void queryClient.invalidateQueries({
        queryKey: circleKeys.occurrenceAttendees(meetupId, occurrenceId),
      });
    },
  });
}

export function useOccurrenceAttendees(meetupId: string, occurrenceId: string, enabled: boolean) {
  return useQuery({
    queryKey: circleKeys.occurrenceAttendees(meetupId, occurrenceId),
    queryFn: ({ signal }) =>
      call(eventsCircles.occurrenceAttendees, { params: { meetupId, occurrenceId }, signal }),
    enabled,
    staleTime: DYNAMIC_STALE_MS,
  });
}

/*
 * Managing a meetup (its host, or the circle's holders and moderators): the whole series or one date. The service
 * tells the attendees; the meetups tab refetches.
 */

export function useUpdateMeetup(circleId: string, meetupId: string) {
  return useMutation({
    mutationFn: (body: UpdateMeetupBody) => call(eventsCircles.updateMeetup, { params: { meetupId }, body }),
    retry: false,
    onSuccess: () => reloadCircleMeetups(circleId),
  });
}

export function useCancelMeetup(circleId: string, meetupId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      call(eventsCircles.cancelMeetup, { params: { meetupId }, body: reason ? { reason } : {} }),
    retry: false,
    onSuccess: () => reloadCircleMeetups(circleId),
  });
}

export function useUpdateOccurrence(circleId: string, meetupId: string, occurrenceId: string) {
  return useMutation({
    mutationFn: (body: UpdateOccurrenceBody) =>
      call(eventsCircles.updateOccurrence, { params: { meetupId, occurrenceId }, body }),
    retry: false,
    onSuccess: () => reloadCircleMeetups(circleId),
  });
}

export function useCancelOccurrence(circleId: string, meetupId: string, occurrenceId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      call(eventsCircles.cancelOccurrence, {
        params: { meetupId, occurrenceId },
        body: reason ? { reason } : {},
      }),
    retry: false,
    onSuccess: () => reloadCircleMeetups(circleId),
  });
}

// ---------------------------------------------------------------- managing members

/** Holders and moderators: the members asking to join, oldest first. */
export function useJoinRequests(circleId: string, enabled: boolean) {
  return useQuery({
    queryKey: circleKeys.requests(circleId),
    queryFn: ({ signal }) => call(eventsCircles.joinRequests, { params: { circleId }, signal }),
    select: (answer) => answer.requests,
    enabled,
    staleTime: DYNAMIC_STALE_MS,
  });
}

export function useAnswerJoinRequest(circleId: string) {
  return useMutation({
    mutationFn: ({ userId, accept }: { userId: string; accept: boolean }) =>
      call(eventsCircles.answerJoinRequest, { params: { circleId, userId }, body: { accept } }),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: circleKeys.requests(circleId) });
      void reloadCircle(circleId);
    },
  });
}

/** The holder makes a member moderator or member, or hands holding over (becoming a moderator). */
export function useSetCircleRole(circleId: string) {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: CircleRole }) =>
      call(eventsCircles.setCircleRole, { params: { circleId, userId }, body: { role } }),
    retry: false,
    onSuccess: () => reloadCircle(circleId),
  });
}

export function useInviteToCircle(circleId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      call(eventsCircles.inviteToCircle, { params: { circleId }, body: { userId } }),
    retry: false,
  });
}

/** Members whose name or username matches `q` (social-graph's people search), to invite one. */
export function searchMembers(q: string, signal?: AbortSignal) {
  return call(socialGraph.discover, { query: { q }, signal });
}
