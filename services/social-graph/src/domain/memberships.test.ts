import { describe, expect, it } from 'vitest';
import { hasActiveMembership, supersedes, type MembershipState } from './memberships.ts';

const at = (iso: string) => new Date(iso);
const m = (over: Partial<MembershipState>): MembershipState => ({
  status: 'active',
  expiresAt: at('2027-01-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  occurredAt: at('2026-01-01T00:00:00Z'),
  ...over,
});

describe('memberships', () => {
  it('keeps an ended (cancelled) membership ended, and a later expiry wins', () => {
    expect(supersedes(m({}), m({ status: 'cancelled' }))).toBe(false);
    expect(supersedes(m({ expiresAt: at('2027-02-01T00:00:00Z') }), m({ status: 'expired' }))).toBe(true);
    expect(supersedes(m({ status: 'expired' }), m({}))).toBe(true);
  });
  it('gives access only while active and not past the expiry', () => {
    const now = at('2026-06-01T00:00:00Z');
    expect(hasActiveMembership([m({})], now)).toBe(true);
    expect(hasActiveMembership([m({ expiresAt: at('2026-05-01T00:00:00Z') })], now)).toBe(false);
    expect(hasActiveMembership([m({ status: 'expired' })], now)).toBe(false);
    expect(hasActiveMembership([], now)).toBe(false);
  });
});
