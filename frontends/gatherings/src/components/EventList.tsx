import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { MerEvent } from '@mer/contracts';
import { EventCard } from './EventCard.tsx';

/**
 * Events as a virtualised list on the page's own scroll (a city can have hundreds of upcoming gatherings): only
 * the cards near the viewport are in the document, and the next page loads as the member nears the end.
 */
export function EventList({
  events,
  label,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  events: MerEvent[];
  label: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: events.length,
    estimateSize: () => 170,
    overscan: 6,
    gap: 12,
    scrollMargin,
    getItemKey: (index) => events[index]!.id,
    // Without layout (tests, a first server-less paint) show the first cards rather than none.
    initialRect: { width: 800, height: 1200 },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= events.length - 3) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, events.length, onLoadMore]);

  return (
    <div>
      <ul
        ref={listRef}
        aria-label={label}
        aria-busy={loadingMore}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <EventCard event={events[item.index]!} />
          </li>
        ))}
      </ul>
      {loadingMore ? <p className="mt-4 text-center text-sm text-ink-600">Loading more events…</p> : null}
    </div>
  );
}
