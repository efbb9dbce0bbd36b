import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { FeedMember, Post } from '@mer/contracts';
import { PostCard, PostSkeleton } from './PostCard.tsx';

/**
 * The feed as a virtualised list on the page's own scroll: only the posts near the viewport are in the document
 * (each measured once rendered), and the next page loads when the reader nears the end.
 */
export function FeedList({
  posts,
  knownMembers,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  posts: Post[];
  knownMembers: readonly FeedMember[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page; the composer above it changes height (photo previews), so measured each render.
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize: () => 320,
    overscan: 4,
    gap: 16,
    scrollMargin,
    getItemKey: (index) => posts[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= posts.length - 3) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, posts.length, onLoadMore]);

  return (
    <div>
      <div
        ref={listRef}
        role="feed"
        aria-busy={loadingMore}
        aria-label="Community posts"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            role="article"
            aria-label={`Post by ${posts[item.index]!.author.name}`}
            aria-posinset={item.index + 1}
            aria-setsize={hasMore ? -1 : posts.length}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <PostCard post={posts[item.index]!} knownMembers={knownMembers} />
          </div>
        ))}
      </div>
      {loadingMore ? (
        <div className="mt-4">
          <PostSkeleton />
        </div>
      ) : null}
      {!hasMore && posts.length > 0 ? (
        <p className="py-8 text-center text-sm text-ink-500">You are all caught up. 🌿</p>
      ) : null}
    </div>
  );
}
