import { useEffect, useRef } from 'react';
import type { Notification } from '../api/notifications.ts';

/** Spec 001 sections 4 and 9: the items the bell shows are marked read 2 s after it opens. */
export const AUTO_MARK_READ_MS = 2_000;

/**
 * While `open`, 2 s after the items are first on screen, calls `markRead` with the unread ones among them.
 * A list refreshed meanwhile (a realtime change) is marked as it then stands: those are the items shown.
 */
export function useMarkShownRead(
  open: boolean,
  shown: readonly Notification[] | undefined,
  markRead: (ids: string[]) => void,
) {
  const latest = useRef({ shown, markRead });
  latest.current = { shown, markRead };
  const ready = open && shown !== undefined;
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      const ids = (latest.current.shown ?? []).filter((n) => !n.read).map((n) => n.id);
      if (ids.length > 0) latest.current.markRead(ids);
    }, AUTO_MARK_READ_MS);
    return () => clearTimeout(timer);
  }, [ready]);
}
