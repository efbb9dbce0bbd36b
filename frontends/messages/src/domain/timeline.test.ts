import { describe, expect, it } from 'vitest';
import type { MessagingMessage } from '@mer/contracts';
import {
  EMPTY_TIMELINE,
  addOptimistic,
  applyUpdate,
  lastSequence,
  mergeMessages,
  messageFromCreated,
  optimisticMessage,
  removeMessage,
  seenMessageId,
  updateFromRealtime,
} from './timeline.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-0000000000c0';

function msg(sequence: number, over: Partial<MessagingMessage> = {}): MessagingMessage {
  return {
    id: `m${sequence}`,
    conversationId: C,
    sequence,
    senderId: A,
    body: `message ${sequence}`,
    photoUrl: null,
    clientMessageId: null,
    createdAt: new Date(Date.UTC(2026, 10, 26, 10, sequence)).toISOString(),
    editedAt: null,
    deletedAt: null,
    reactionCount: 0,
    reactions: [],
    myReaction: null,
    read: false,
    ...over,
  };
}

describe('the timeline of a conversation', () => {
  it('holds each message once, in sequence order, wherever it came from', () => {
    let t = mergeMessages(EMPTY_TIMELINE, [msg(3), msg(1)]);
    t = mergeMessages(t, [msg(2), msg(3)]); // a page overlapping a live message
    t = mergeMessages(t, [msg(3), msg(4)]); // the catch-up after a reconnect
    expect(t.messages.map((m) => m.sequence)).toEqual([1, 2, 3, 4]);
    expect(lastSequence(t)).toBe(4);
  });

  it('replaces the temporary message by the saved one (same clientMessageId), whichever arrives first', () => {
    const temp = optimisticMessage({ clientMessageId: 'tmp-1', conversationId: C, senderId: A, body: 'hi' });
    let t = addOptimistic(mergeMessages(EMPTY_TIMELINE, [msg(1)]), temp);
    expect(t.messages.at(-1)).toMatchObject({ id: 'tmp-1', sending: true });
    expect(lastSequence(t)).toBe(1);
    const saved = msg(2, { id: 'saved', body: 'hi', clientMessageId: 'tmp-1' });
    t = mergeMessages(t, [saved]); // the /ws copy
    t = mergeMessages(t, [saved]); // then the send answer
    expect(t.messages.map((m) => m.id)).toEqual(['m1', 'saved']);
  });

  it('rolls a failed send back', () => {
    const temp = optimisticMessage({ clientMessageId: 'tmp-1', conversationId: C, senderId: A, body: 'hi' });
    const t = removeMessage(addOptimistic(EMPTY_TIMELINE, temp), 'tmp-1');
    expect(t.messages).toEqual([]);
  });

  it('applies live edits and deletions (a deleted message keeps its place without text)', () => {
    let t = mergeMessages(EMPTY_TIMELINE, [msg(1), msg(2)]);
    const edit = updateFromRealtime({
      change: 'edited',
      messageId: 'm1',
      conversationId: C,
      sequence: 1,
      body: 'changed',
      editedAt: '2026-11-26T11:00:00.000Z',
    });
    t = applyUpdate(t, edit!);
    expect(t.messages[0]).toMatchObject({ body: 'changed', editedAt: '2026-11-26T11:00:00.000Z' });
    const del = updateFromRealtime({
      change: 'deleted',
      messageId: 'm2',
      conversationId: C,
      sequence: 2,
      deletedAt: '2026-11-26T11:01:00.000Z',
    });
    t = applyUpdate(t, del!);
    expect(t.messages[1]).toMatchObject({
      body: null,
      photoUrl: null,
      deletedAt: '2026-11-26T11:01:00.000Z',
    });
    expect(t.messages).toHaveLength(2);
  });

  it('reads /ws messages and refuses malformed ones', () => {
    expect(
      messageFromCreated({
        messageId: 'x',
        conversationId: C,
        sequence: 7,
        senderId: B,
        body: 'hello',
        clientMessageId: null,
        createdAt: '2026-11-26T10:00:00.000Z',
      }),
    ).toMatchObject({ id: 'x', sequence: 7, senderId: B, body: 'hello', photoUrl: null });
    expect(
      messageFromCreated({
        messageId: 'y',
        conversationId: C,
        sequence: 8,
        senderId: B,
        body: '',
        photoUrl: '/api/v1/messaging/photo-files/p.jpg',
        clientMessageId: null,
        createdAt: '2026-11-26T10:00:00.000Z',
      }),
    ).toMatchObject({ id: 'y', body: '', photoUrl: '/api/v1/messaging/photo-files/p.jpg' });
    expect(messageFromCreated({ messageId: 'x' })).toBeNull();
    expect(updateFromRealtime({ change: 'edited', messageId: 'x', conversationId: C })).toBeNull();
  });

  it("puts 'Seen' under my last message the other member read", () => {
    const t = mergeMessages(EMPTY_TIMELINE, [msg(1), msg(2, { senderId: B }), msg(3), msg(4)]);
    expect(seenMessageId(t.messages, A, 3)).toBe('m3');
    expect(seenMessageId(t.messages, A, 2)).toBe('m1');
    expect(seenMessageId(t.messages, A, null)).toBeNull();
    expect(seenMessageId(t.messages, B, 4)).toBe('m2');
  });
});
