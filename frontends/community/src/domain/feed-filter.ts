import type { PostTopic } from '@mer/contracts';

/** What the feed shows: one of three views, optionally narrowed to one topic. */
export interface FeedFilter {
  topic: PostTopic | null;
  view: 'all' | 'connections';
  sort: 'newest' | 'most-active';
}

export type FeedTab = 'latest' | 'connections' | 'most-active';

export const FEED_TABS: { id: FeedTab; label: string }[] = [
  { id: 'latest', label: 'Latest' },
  { id: 'connections', label: 'From my connections' },
  { id: 'most-active', label: 'Most active' },
];

export function filterFor(tab: FeedTab, topic: PostTopic | null): FeedFilter {
  return {
    topic,
    view: tab === 'connections' ? 'connections' : 'all',
    sort: tab === 'most-active' ? 'most-active' : 'newest',
  };
}
