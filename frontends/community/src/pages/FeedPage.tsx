import '../styles.css';
import { useCallback, useMemo, useState } from 'react';
import type { FeedMember, PostTopic } from '@mer/contracts';
import { useSessionStore } from '@mer/api-client';
import { Link, useSearchParams } from '@mer/router';
import { Alert, Button, cx } from '@mer/design-system';
import { reloadFeeds, useFeed } from '../api/feed.ts';
import { Composer } from '../components/Composer.tsx';
import { FeedList } from '../components/FeedList.tsx';
import { PostSkeleton } from '../components/PostCard.tsx';
import { StartDiscussionDialog } from '../components/StartDiscussionDialog.tsx';
import { FEED_TABS, filterFor, type FeedTab } from '../domain/feed-filter.ts';
import { newPostsLabel } from '../domain/new-posts.ts';
import { TOPICS, isTopic } from '../domain/topics.ts';
import { useFeedRealtime } from '../hooks/useFeedRealtime.ts';

const chipClassName = (selected: boolean) =>
  cx(
    'min-h-9 shrink-0 rounded-full px-3.5 text-sm ring-1 ring-inset transition focus-visible:outline-2 focus-visible:outline-sage-500',
    selected ? 'bg-ink-800 text-white ring-ink-800' : 'bg-white text-ink-700 ring-sand-300 hover:bg-sand-100',
  );

/**
 * The community feed (/community and /feed): the composer, the three views (latest, from my connections, most
 * active), a topic filter, and the posts. The view and topic live in the address (?view=…&topic=…), so a reload
 * or a shared link keeps them.
 */
export default function FeedPage() {
  const viewerId = useSessionStore((s) => s.user?.id);
  const [params, setParams] = useSearchParams();
  const tab = (FEED_TABS.find((t) => t.id === params.get('view'))?.id ?? 'latest') as FeedTab;
  const topicParam = params.get('topic');
  const topic: PostTopic | null = isTopic(topicParam) ? topicParam : null;
  const filter = useMemo(() => filterFor(tab, topic), [tab, topic]);
  const feed = useFeed(filter);
  const posts = useMemo(() => feed.data?.pages.flatMap((p) => p.posts) ?? [], [feed.data]);
  const shownPostIds = useMemo(() => new Set(posts.map((p) => p.id)), [posts]);
  const knownMembers = useMemo<FeedMember[]>(() => posts.map((p) => p.author), [posts]);
  const { newPostIds, clearNewPosts } = useFeedRealtime({ viewerId, filter, shownPostIds });
  const [showingNew, setShowingNew] = useState(false);
  const [startingDiscussion, setStartingDiscussion] = useState(false);
  const { fetchNextPage } = feed;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  function choose(next: { tab?: FeedTab; topic?: PostTopic | null }) {
    const search = new URLSearchParams(params);
    const nextTab = next.tab ?? tab;
    const nextTopic = next.topic === undefined ? topic : next.topic;
    if (nextTab === 'latest') search.delete('view');
    else search.set('view', nextTab);
    if (nextTopic) search.set('topic', nextTopic);
    else search.delete('topic');
    setParams(search);
    clearNewPosts();
  }

  async function showNewPosts() {
    setShowingNew(true);
    clearNewPosts();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    await reloadFeeds();
    setShowingNew(false);
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-3 py-5 sm:px-4 sm:py-8">
      <header>
        <h1 className="font-display text-3xl text-ink-900">Community</h1>
        <p className="mt-1 text-ink-600">Share what moves you, and see what kindred spirits are sharing.</p>
        <nav aria-label="Community pages" className="mt-2 flex gap-4 text-sm font-medium">
          <Link to="/albums" className="text-sage-700 underline-offset-2 hover:underline">
            Albums
          </Link>
          <Link to="/photos" className="text-sage-700 underline-offset-2 hover:underline">
            Photos
          </Link>
          <button
            type="button"
            onClick={() => setStartingDiscussion(true)}
            className="font-medium text-sage-700 underline-offset-2 hover:underline"
          >
            Start a discussion
          </button>
        </nav>
      </header>
      <StartDiscussionDialog open={startingDiscussion} onClose={() => setStartingDiscussion(false)} />

      <Composer defaultTopic={topic} />

      <nav aria-label="Feed views" className="flex gap-2 overflow-x-auto pb-1">
        {FEED_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-pressed={tab === t.id}
            className={chipClassName(tab === t.id)}
            onClick={() => choose({ tab: t.id })}
          >
            {t.label}
          </button>
        ))}
      </nav>
      <div role="group" aria-label="Filter by topic" className="flex gap-2 overflow-x-auto pb-1">
        <button
          type="button"
          aria-pressed={topic === null}
          className={chipClassName(topic === null)}
          onClick={() => choose({ topic: null })}
        >
          All topics
        </button>
        {TOPICS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-pressed={topic === t.id}
            className={chipClassName(topic === t.id)}
            onClick={() => choose({ topic: t.id })}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div aria-live="polite" className="sticky top-3 z-30 flex justify-center empty:hidden">
        {newPostIds.size > 0 ? (
          <Button size="sm" onClick={() => void showNewPosts()} loading={showingNew} className="shadow-soft">
            ↑ {newPostsLabel(newPostIds.size)}
          </Button>
        ) : null}
      </div>

      {feed.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading posts">
          <PostSkeleton />
          <PostSkeleton />
          <PostSkeleton />
        </div>
      ) : feed.isError ? (
        <Alert tone="error" title="We couldn't load the feed">
          <p>This might be due to a temporary connection issue.</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void feed.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : posts.length === 0 ? (
        <p className="rounded-[var(--radius-card)] bg-white p-8 text-center text-ink-600 shadow-soft">
          {tab === 'connections'
            ? 'Nothing from your connections yet. Connect with kindred spirits to see their posts here.'
            : 'No posts here yet. Be the first to share something.'}
        </p>
      ) : (
        <FeedList
          posts={posts}
          knownMembers={knownMembers}
          hasMore={Boolean(feed.hasNextPage)}
          loadingMore={feed.isFetchingNextPage}
          onLoadMore={loadMore}
        />
      )}
    </div>
  );
}
