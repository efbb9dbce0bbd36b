import type { Discussion, DiscussionReply } from '@mer/contracts';
import { communityFeed } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { queryClient, useMutation, useQuery } from '@mer/server-state';

/* Discussions of community-feed (/discussions/:id): a titled long-form thread with replies, oldest first. */

export const discussionKeys = {
  discussion: (discussionId: string) => routeKey(communityFeed.discussion, { params: { discussionId } }),
};

export function useDiscussion(discussionId: string) {
  return useQuery({
    queryKey: discussionKeys.discussion(discussionId),
    queryFn: ({ signal }) => call(communityFeed.discussion, { params: { discussionId }, signal }),
    staleTime: 30_000,
    retry: false,
  });
}

export function useReplyToDiscussion(discussionId: string) {
  return useMutation({
    mutationFn: (body: string) =>
      call(communityFeed.replyToDiscussion, { params: { discussionId }, body: { body } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionKeys.discussion(discussionId) }),
  });
}

/** Opens a discussion (the server sanitises title and body); the answer carries its id, for /discussions/:id. */
export function useCreateDiscussion() {
  return useMutation({
    mutationFn: (body: { title: string; body: string }) => call(communityFeed.createDiscussion, { body }),
    retry: false,
    onSuccess: (discussion) =>
      queryClient.invalidateQueries({ queryKey: discussionKeys.discussion(discussion.id) }),
  });
}

type DiscussionAnswer = { discussion: Discussion; replies: DiscussionReply[] };

/** The open discussion as last fetched (the live updates read whose it is and whose its replies are). */
export function cachedDiscussion(discussionId: string): DiscussionAnswer | undefined {
  return queryClient.getQueryData<DiscussionAnswer>(discussionKeys.discussion(discussionId));
}

/** Changes the open discussion in place (a moderation change pushed through /ws), without a fetch. */
export function updateCachedDiscussion(
  discussionId: string,
  update: (answer: DiscussionAnswer) => DiscussionAnswer,
): void {
  queryClient.setQueryData<DiscussionAnswer>(discussionKeys.discussion(discussionId), (answer) =>
    answer ? update(answer) : answer,
  );
}

/** Fetches the discussion again: the server answers what this viewer may see of it. */
export function refreshDiscussion(discussionId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: discussionKeys.discussion(discussionId) });
}
