import { useEffect, useRef, useState } from 'react';
import { onRealtimeMessage } from '@mer/server-state';
import {
  addToTimeline,
  catchUpMessages,
  markConversationRead,
  messagingKeys,
  setSeenUpTo,
  updateTimeline,
} from '../api/messaging.ts';
import {
  applyUpdate,
  lastSequence,
  messageFromCreated,
  updateFromRealtime,
  type Timeline,
} from '../domain/timeline.ts';
import { queryClient } from '@mer/server-state';

/** How long "… is typing" stays after the last hint (the sender repeats it every few seconds while typing). */
export const TYPING_VISIBLE_MS = 4_000;

/**
 * The open conversation's live part, through the gateway's /ws: new messages (each once, by id; a gap in the
 * sequence numbers, or a reconnect, fetches what was missed after the last one held), edits and deletions, the
 * other member's read mark ('Seen') and typing hints. A message from the other member while the view is open is
 * marked read at once.
 */
export function useConversationRealtime(
  conversationId: string,
  myId: string | undefined,
  /** The timeline's first load has arrived. */
  loaded: boolean,
): { typing: boolean } {
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A message that arrived while the first page was on its way may be missing from that page: fetch after it.
  const missedWhileLoading = useRef(false);

  useEffect(() => {
    if (!loaded || !missedWhileLoading.current) return;
    missedWhileLoading.current = false;
    void catchUpMessages(conversationId);
  }, [conversationId, loaded]);

  useEffect(() => {
    const timeline = () => queryClient.getQueryData<Timeline>(messagingKeys.timeline(conversationId));
    const readIfVisible = () => {
      if (document.visibilityState !== 'hidden') void markConversationRead(conversationId);
    };
    // What a catch-up brings in is read like any message arriving in the open view.
    const catchUp = () => void catchUpMessages(conversationId).then(readIfVisible, () => undefined);
    const stopTyping = () => {
      clearTimeout(typingTimer.current);
      setTyping(false);
    };
    const offCreated = onRealtimeMessage('messaging.message.created', ({ data }) => {
      const message = messageFromCreated(data);
      if (!message || message.conversationId !== conversationId) return;
      const held = timeline();
      if (!held) {
        missedWhileLoading.current = true;
        return;
      }
      const last = lastSequence(held);
      if (last > 0 && message.sequence > last + 1) catchUp();
      else addToTimeline(conversationId, [message]);
      if (message.senderId !== myId) {
        stopTyping();
        readIfVisible();
      }
    });
    const offUpdated = onRealtimeMessage('messaging.message.updated', ({ data }) => {
      const update = updateFromRealtime(data);
      if (update && update.conversationId === conversationId)
        updateTimeline(conversationId, (t) => applyUpdate(t, update));
    });
    const offRead = onRealtimeMessage('messaging.conversation.read', ({ data }) => {
      if (data.conversationId !== conversationId || data.readerId === myId) return;
      if (typeof data.readUpTo === 'number') setSeenUpTo(conversationId, data.readUpTo);
    });
    const offTyping = onRealtimeMessage('messaging.typing', ({ data }) => {
      if (data.conversationId !== conversationId || data.memberId === myId) return;
      setTyping(true);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(false), TYPING_VISIBLE_MS);
    });
    // The channel (re)connected: fetch what arrived while it was down; the other member may have read meanwhile.
    const offReady = onRealtimeMessage('ready', () => {
      if (timeline()) catchUp();
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversation(conversationId) });
    });
    // Back on the page after a while away: what arrived was not marked read while it was hidden.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void markConversationRead(conversationId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      offCreated();
      offUpdated();
      offRead();
      offTyping();
      offReady();
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(typingTimer.current);
    };
  }, [conversationId, myId]);

  return { typing };
}
