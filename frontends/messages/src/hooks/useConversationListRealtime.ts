import { useEffect } from 'react';
import { onRealtimeMessage } from '@mer/server-state';
import { refreshConversations } from '../api/messaging.ts';

/** Spec 001 section 9: realtime refresh debounce 300 ms. */
export const REALTIME_DEBOUNCE_MS = 300;

const LIST_CHANGES = [
  'messaging.message.created',
  'messaging.message.updated',
  'messaging.conversation.read',
  'messaging.unread.changed',
  // A reconnect: what changed while the channel was down.
  'ready',
];

/** The conversation list is live: any messaging change refetches it, batched with the spec's 300 ms debounce. */
export function useConversationListRealtime(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refreshConversations(), REALTIME_DEBOUNCE_MS);
    };
    const offs = LIST_CHANGES.map((type) => onRealtimeMessage(type, refresh));
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
    };
  }, []);
}
