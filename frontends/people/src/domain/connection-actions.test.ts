import { describe, expect, it } from 'vitest';
import { actionForStatus, statusAfter } from './connection-actions.ts';

describe('actionForStatus', () => {
  it('offers Connect / Pending / Accept / Message by the derived status', () => {
    expect(actionForStatus('none').label).toBe('Connect');
    expect(actionForStatus('pending_sent').label).toBe('Pending');
    expect(actionForStatus('pending_received').label).toBe('Accept');
    expect(actionForStatus('connected').label).toBe('Message');
  });
});

describe('statusAfter', () => {
  it('moves the pair as each action does', () => {
    expect(statusAfter('send')).toBe('pending_sent');
    expect(statusAfter('accept')).toBe('connected');
    for (const a of ['cancel', 'decline', 'remove'] as const) expect(statusAfter(a)).toBe('none');
  });
});
