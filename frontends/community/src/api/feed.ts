import type {
  CreatePostBody,
  FeedMember,
  FeedPage,
  FeedPhoto,
  Post,
  PostDetail,
  ReactionSummary,
  ReactionType,
  ReportTargetType,
  UpdatePostBody,
} from '@mer/contracts';
import { communityFeed } from '@mer/contracts/browser';
import { call, routeKey, upload } from '@mer/api-client';
import { queryClient, useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@mer/server-state';
import type { FeedFilter } from '../domain/feed-filter.ts';

/*
 * The community remote's calls to community-feed: typed by the contracts' route table, sent by `call`, cached
 * under keys derived from the routes. Components use the hooks and functions here, never the transport.
 * Mutations are not retried: a member's post, reaction or report is not repeated behind their back.
 */

export const feedKeys = {
  /** Every feed view (prefix for invalidation). */
  feeds: () => routeKey(communityFeed.feed),
  feed: (filter: FeedFilter) => [...routeKey(communityFeed.feed), filter] as const,
  post: (postId: string) => routeKey(communityFeed.post, { params: { postId } }),
};

/** Feed pages are "dynamic" data (spec 001 section 9: 30 s); new posts arrive as a pill, not a refetch. */
const FEED_STALE_MS = 30_000;

export function useFeed(filter: FeedFilter) {
  return useInfiniteQuery({
    queryKey: feedKeys.feed(filter),
    queryFn: ({ pageParam, signal }) =>
      call(communityFeed.feed, {
        query: {
          ...(filter.topic ? { topic: filter.topic } : {}),
          view: filter.view,
          sort: filter.sort,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.nextCursor,
    staleTime: FEED_STALE_MS,
  });
}

export function usePostDetail(postId: string) {
  return useQuery({
    queryKey: feedKeys.post(postId),
    queryFn: ({ signal }) => call(communityFeed.post, { params: { postId }, signal }),
    staleTime: FEED_STALE_MS,
    retry: false,
  });
}

/** Replaces one post wherever it is cached (every feed view and its detail), e.g. after an edit or a reaction. */
export function updateCachedPost(postId: string, change: (post: Post) => Post): void {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: feedKeys.feeds() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.map((p) => (p.id === postId ? change(p) : p)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<PostDetail>(feedKeys.post(postId), (detail) =>
    detail ? { ...detail, post: change(detail.post) } : detail,
  );
}

/** Drops a post from every cached feed view (deleted, or hidden after reports). */
export function removeCachedPost(postId: string): void {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: feedKeys.feeds() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => p.id !== postId) })),
        }
      : data,
  );
}

/** Reloads every feed view from its first page (the "new posts" pill). */
export function reloadFeeds(): Promise<void> {
  queryClient.removeQueries({ queryKey: feedKeys.feeds(), type: 'inactive' });
  return queryClient.resetQueries({ queryKey: feedKeys.feeds() });
}

export function useCreatePost() {
  return useMutation({
    mutationFn: (body: CreatePostBody) => call(communityFeed.createPost, { body }),
    retry: false,
    onSuccess: () => reloadFeeds(),
  });
}

export function useUpdatePost() {
  return useMutation({
    mutationFn: ({ postId, body }: { postId: string; body: UpdatePostBody }) =>
      call(communityFeed.updatePost, { params: { postId }, body }),
    retry: false,
    onSuccess: (post) => updateCachedPost(post.id, () => post),
  });
}

export function useDeletePost() {
  return useMutation({
    mutationFn: (postId: string) => call(communityFeed.deletePost, { params: { postId } }),
    retry: false,
    onSuccess: (_, postId) => removeCachedPost(postId),
  });
}

function applySummary(summary: ReactionSummary) {
  updateCachedPost(summary.postId, (post) => ({
    ...post,
    reactionCounts: summary.reactionCounts,
    myReaction: summary.myReaction,
  }));
}

/** Sets (type) or removes (null) the member's one reaction; the answer carries the exact counts. */
/** An admin pins or unpins a post; pinned posts come first on the feed's first page, so the feeds reload. */
export function usePinPost() {
  return useMutation({
    mutationFn: ({ postId, pinned }: { postId: string; pinned: boolean }) =>
      call(communityFeed.pinPost, { params: { postId }, body: { pinned } }),
    retry: false,
    onSuccess: async (post) => {
      updateCachedPost(post.id, () => post);
      await reloadFeeds();
    },
  });
}

export function useReact() {
  return useMutation({
    mutationFn: ({ postId, type }: { postId: string; type: ReactionType | null }) =>
      type
        ? call(communityFeed.react, { params: { postId }, body: { type } })
        : call(communityFeed.unreact, { params: { postId } }),
    retry: false,
    onSuccess: applySummary,
  });
}

export function useAddComment(postId: string) {
  return useMutation({
    mutationFn: (input: { content: string; parentId?: string }) =>
      call(communityFeed.addComment, { params: { postId }, body: input }),
    retry: false,
    onSuccess: async () => {
      updateCachedPost(postId, (post) => ({ ...post, commentCount: post.commentCount + 1 }));
      await queryClient.invalidateQueries({ queryKey: feedKeys.post(postId) });
    },
  });
}

export function useEditComment(postId: string) {
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      call(communityFeed.editComment, { params: { commentId }, body: { content } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.post(postId) }),
  });
}

export function useDeleteComment(postId: string) {
  return useMutation({
    mutationFn: (commentId: string) => call(communityFeed.deleteComment, { params: { commentId } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.post(postId) }),
  });
}

export function useReport() {
  return useMutation({
    mutationFn: (input: { targetType: ReportTargetType; targetId: string; reason: string }) =>
      call(communityFeed.report, { body: input }),
    retry: false,
  });
}

/** Uploads one photo as raw bytes (the route takes the image itself, not JSON), for a post or an album. */
export function uploadFeedPhoto(file: Blob, signal?: AbortSignal): Promise<FeedPhoto> {
  return upload(communityFeed.uploadPhoto, file, { signal });
}

/**
 * The members the viewer has met in the community so far (authors, commenters and mentioned members of cached
 * feeds and posts): whom they can tag on a photo without a member search.
 */
export function knownMembersFromCache(): FeedMember[] {
  const members = new Map<string, FeedMember>();
  for (const [, data] of queryClient.getQueriesData<InfiniteData<FeedPage>>({ queryKey: feedKeys.feeds() }))
    for (const page of data?.pages ?? [])
      for (const post of page.posts) members.set(post.author.userId, post.author);
  for (const [, detail] of queryClient.getQueriesData<PostDetail>({
    queryKey: routeKey(communityFeed.post),
  })) {
    if (!detail?.post) continue;
    members.set(detail.post.author.userId, detail.post.author);
    for (const { comment, replies } of detail.comments)
      for (const c of [comment, ...replies])
        for (const m of [c.author, ...c.mentions]) members.set(m.userId, m);
  }
  return [...members.values()];
}
