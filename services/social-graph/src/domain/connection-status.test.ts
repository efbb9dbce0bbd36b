import { describe, expect, it } from 'vitest';
import { deriveStatus } from './connection-status.ts';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const id = '00000000-0000-4000-8000-000000000001';

describe('deriveStatus (spec 001 section 4)', () => {
  it('gives none without a row or with a deleted one', () => {
    expect(deriveStatus(a, b, undefined)).toEqual({
      userId: b,
      status: 'none',
      requestId: null,
      senderId: null,
    });
    expect(
      deriveStatus(a, b, { id, sender_id: a, receiver_id: b, status: 'accepted', deleted: true }).status,
    ).toBe('none');
  });
  it('gives pending_sent to the sender and pending_received to the receiver', () => {
    const row = { id, sender_id: a, receiver_id: b, status: 'pending' as const, deleted: false };
    expect(deriveStatus(a, b, row)).toEqual({
      userId: b,
      status: 'pending_sent',
      requestId: id,
      senderId: a,
    });
    expect(deriveStatus(b, a, row)).toEqual({
      userId: a,
      status: 'pending_received',
      requestId: id,
      senderId: a,
    });
  });
  it('gives connected to both once accepted', () => {
    const row = { id, sender_id: a, receiver_id: b, status: 'accepted' as const, deleted: false };
    expect(deriveStatus(a, b, row).status).toBe('connected');
    expect(deriveStatus(b, a, row).status).toBe('connected');
  });
});
