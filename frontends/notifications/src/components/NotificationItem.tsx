import { Link } from '@mer/router';
import { Avatar, Badge, CheckIcon, cx } from '@mer/design-system';
import type { Notification } from '../api/notifications.ts';
import { clickTarget, priorityLabel } from '../domain/notification-kinds.ts';
import { timeAgo } from '../domain/time-ago.ts';

/**
 * One notification: who (the sender, or the last reactor of an aggregated reaction), what, when, whether it is
 * read, and its priority when above Normal. The whole row is a link to the click target; following it marks the
 * notification read (spec 001 section 4). `onMarkRead` adds the per-item button (/notifications).
 */
export function NotificationItem({
  notification: n,
  onOpen,
  onMarkRead,
  compact = false,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
  onMarkRead?: (n: Notification) => void;
  compact?: boolean;
}) {
  const who = n.lastReactorName ?? n.senderName ?? 'MER';
  const avatar = n.lastReactorId
    ? (n.aggregatedData.find((r) => r.user_id === n.lastReactorId)?.avatar_url ?? null)
    : n.senderAvatarUrl;
  const priority = priorityLabel(n.priority);
  return (
    <div
      data-testid="notification-item"
      data-read={n.read ? 'true' : 'false'}
      className={cx(
        'group relative flex items-start gap-3 rounded-2xl transition-colors',
        compact ? 'px-3 py-2.5' : 'px-4 py-3.5',
        n.read ? 'hover:bg-sand-50' : 'bg-sage-50/70 hover:bg-sage-50',
      )}
    >
      <Avatar name={who} src={avatar} size={compact ? 'sm' : 'md'} decorative />
      <div className="min-w-0 flex-1">
        <Link
          to={clickTarget(n.actionUrl)}
          onClick={() => onOpen(n)}
          className="block rounded-lg text-ink-900 outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-4 focus-visible:after:ring-ink-100"
        >
          <span className={cx('block text-sm leading-snug', n.read ? 'font-medium' : 'font-semibold')}>
            {n.title}
          </span>
          {n.message ? (
            <span className="mt-0.5 line-clamp-2 block text-sm leading-snug text-ink-600">{n.message}</span>
          ) : null}
        </Link>
        {n.contentPreview && !compact ? (
          <p className="mt-1 line-clamp-2 border-l-2 border-sand-200 pl-2 text-sm text-ink-500 italic">
            {n.contentPreview}
          </p>
        ) : null}
        <p className="mt-1 flex items-center gap-2 text-xs text-ink-500">
          <time dateTime={n.updatedAt} title={new Date(n.updatedAt).toLocaleString()}>
            {timeAgo(n.updatedAt)}
          </time>
          {priority !== 'Normal' ? (
            <Badge tone={priority === 'Urgent' ? 'clay' : 'gold'}>{priority}</Badge>
          ) : null}
          {n.read ? null : <span className="sr-only">Unread</span>}
        </p>
      </div>
      {n.read ? null : (
        <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-sage-600" />
      )}
      {onMarkRead && !n.read ? (
        <button
          type="button"
          onClick={() => onMarkRead(n)}
          aria-label={`Mark as read: ${n.title}`}
          className="relative z-10 grid size-9 shrink-0 place-items-center rounded-full text-ink-500 hover:bg-white hover:text-ink-900"
        >
          <CheckIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
