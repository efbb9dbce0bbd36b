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
