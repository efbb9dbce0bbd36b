import { useEffect, useRef } from 'react';
import { useSearchParams } from '@mer/router';
import { Button, PagePlaceholder, cx } from '@mer/design-system';
import {
  useMarkAllRead,
  useMarkRead,
  useNotificationPages,
  useUnreadCount,
  type Notification,
  type NotificationType,
} from '../api/notifications.ts';
import { TYPE_FILTERS } from '../domain/notification-kinds.ts';
import { NotificationItem } from './NotificationItem.tsx';

function typeFromQuery(value: string | null): NotificationType | null {
  return TYPE_FILTERS.find((f) => f.type !== null && f.type === value)?.type ?? null;
}

/**
 * /notifications: every notification, newest first, filtered by type (kept in the URL, ?type=message), with
 * 'Mark all read' and a mark-read button per item. A click follows the spec's click target and marks it read.
 */
export default function NotificationCenter() {
  const [search, setSearch] = useSearchParams();
  const type = typeFromQuery(search.get('type'));
  const pages = useNotificationPages(type);
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  // Spec 001 section 8: a failed read shows as an empty list.
  const items: Notification[] = pages.isError
    ? []
    : (pages.data?.pages.flatMap((p) => p.notifications) ?? []);
  const filterLabel = TYPE_FILTERS.find((f) => f.type === type)?.label ?? 'All';
  // On phones the filters scroll sideways: the chosen one is brought into view (e.g. opened as ?type=message).
  const activeFilter = useRef<HTMLButtonElement>(null);
  useEffect(() => activeFilter.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }), [type]);

  const chooseType = (next: NotificationType | null) =>
    setSearch(
      (params) => {
        if (next) params.set('type', next);
        else params.delete('type');
        return params;
      },
      { replace: true },
    );
  const markOne = (n: Notification) => {
    if (!n.read) markRead.mutate([n.id]);
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl text-ink-900 sm:text-4xl">Notifications</h1>
          <p className="mt-1 text-ink-600" aria-live="polite">
            {unread === 0 ? 'You are all caught up.' : `${unread} unread`}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0}
          loading={markAllRead.isPending}
          loadingLabel="Marking all read"
          onClick={() => markAllRead.mutate()}
        >
          Mark all read
        </Button>
      </div>

      <div
        role="group"
        aria-label="Filter by type"
        className="-mx-4 mt-6 flex gap-2 overflow-x-auto px-4 pb-1 sm:flex-wrap"
      >
        {TYPE_FILTERS.map((f) => {
          const active = f.type === type;
          return (
            <button
              key={f.label}
              type="button"
              aria-pressed={active}
              ref={active ? activeFilter : undefined}
              onClick={() => chooseType(f.type)}
              className={cx(
                'shrink-0 rounded-full px-3.5 py-1.5 text-sm font-medium whitespace-nowrap ring-1 transition-colors',
                active
                  ? 'bg-ink-900 text-white ring-ink-900'
                  : 'bg-white text-ink-700 ring-sand-200 hover:bg-sand-50',
              )}
            >
              {f.label}
            </button>
          );
        })}
      </div>

      <div className="mt-6">
        {pages.isPending ? (
          <PagePlaceholder label="Loading your notifications…" />
        ) : items.length === 0 ? (
          <div className="rounded-3xl bg-white px-6 py-12 text-center shadow-soft ring-1 ring-sand-200">
            <h2 className="text-lg font-semibold text-ink-900">
              {type ? `No ${filterLabel.toLowerCase()} yet` : 'No notifications yet'}
            </h2>
            <p className="mt-1 text-ink-600">When members connect, write or react, you will hear it here.</p>
          </div>
        ) : (
          <ul
            aria-label={type ? `Notifications: ${filterLabel}` : 'All notifications'}
            className="divide-y divide-sand-100 rounded-3xl bg-white p-2 shadow-soft ring-1 ring-sand-200"
          >
            {items.map((n) => (
              <li key={n.id} className="py-0.5">
                <NotificationItem notification={n} onOpen={markOne} onMarkRead={markOne} />
              </li>
            ))}
          </ul>
        )}
        {pages.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button
              variant="ghost"
              loading={pages.isFetchingNextPage}
              loadingLabel="Loading more"
              onClick={() => void pages.fetchNextPage()}
            >
              Show more
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
