import { Link } from '@mer/router';
import { ArrowRightIcon, Spinner } from '@mer/design-system';
import { useLatestNotifications, useMarkRead, type Notification } from '../api/notifications.ts';
import { useMarkShownRead } from '../hooks/useMarkShownRead.ts';

/**
 * What the popover and the drawer share: the latest 10 (read failures show as an empty list, spec 001 section 8),
 * marked read 2 s after they are shown, and on click.
 */
export function useBellItems(onClose: () => void) {
  const latest = useLatestNotifications();
  const markRead = useMarkRead();
  const items = latest.isError ? [] : latest.data;
  useMarkShownRead(true, items, (ids) => markRead.mutate(ids));
  const open = (n: Notification) => {
    if (!n.read) markRead.mutate([n.id]);
    onClose();
  };
  return { items, open };
}

export function BellLoading() {
  return (
    <div className="grid h-28 place-items-center text-ink-500">
      <Spinner label="Loading notifications" />
    </div>
  );
}

export function BellEmpty() {
  return (
    <div className="px-4 py-8 text-center">
      <p className="font-medium text-ink-800">No notifications yet</p>
      <p className="mt-1 text-sm text-ink-500">
        When members connect, write or react, you will hear it here.
      </p>
    </div>
  );
}

export function ViewAllLink({ onClose }: { onClose: () => void }) {
  return (
    <Link
      to="/notifications"
      onClick={onClose}
      className="flex items-center justify-center gap-1.5 rounded-xl px-3 py-2.5 text-sm font-semibold text-sage-700 hover:bg-sage-50"
    >
      View all notifications
      <ArrowRightIcon className="size-4" />
    </Link>
  );
}
