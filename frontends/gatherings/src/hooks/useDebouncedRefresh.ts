import { useEffect, useRef } from 'react';
import { onRealtimeMessage } from '@mer/server-state';

/** Spec 001 section 9: realtime refresh debounce 300 ms. */
export const REALTIME_DEBOUNCE_MS = 300;

/**
 * Calls `refresh` once the messages of the given /ws types stop arriving for 300 ms (a burst of RSVPs, say 40
 * members answering at once, refetches the list once, not 40 times). Only messages `relevant` accepts count.
 */
export function useDebouncedRefresh(
  types: readonly string[],
  refresh: () => void,
  relevant: (data: Record<string, unknown>) => boolean = () => true,
) {
  const latest = useRef({ refresh, relevant });
  latest.current = { refresh, relevant };
  const key = types.join(' ');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offs = key.split(' ').map((type) =>
      onRealtimeMessage(type, (message) => {
        if (!latest.current.relevant((message.data ?? {}) as Record<string, unknown>)) return;
        clearTimeout(timer);
        timer = setTimeout(() => latest.current.refresh(), REALTIME_DEBOUNCE_MS);
      }),
    );
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [key]);
}
