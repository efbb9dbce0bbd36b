import { useEffect } from 'react';
import { startRealtime, stopRealtime } from '@mer/server-state';

/**
 * Keeps the member's /ws channel open while signed in. A 'session.revoked' message from it makes the
 * session invalid, and the guard shows 'Session Invalid'.
 */
export default function RealtimeChannel() {
  useEffect(() => {
    startRealtime();
    return () => stopRealtime();
  }, []);
  return null;
}
