import { describe, expect, it } from 'vitest';
import { hasActiveMembership, supersedes, type MembershipState } from './membership-facts.ts';

const t = (iso: string) => new Date(`2026-${iso}T00:00:00Z`);
const state = (over: Partial<MembershipState>): MembershipState => ({
  status: 'active',
  expiresAt: t('02-01'),
  cancelAtPeriodEnd: false,
  occurredAt: t('01-01'),
  ...over,
});

describe('supersedes (out-of-order membership events)', () => {
  const activated = state({});
  const renewed = state({ expiresAt: t('03-01'), occurredAt: t('02-01') });
  const cancelling = state({ cancelAtPeriodEnd: true, occurredAt: t('01-10') });
  const expired = state({ status: 'expired', occurredAt: t('02-01') });
  const revived = state({ expiresAt: t('04-01'), occurredAt: t('03-05') });
  const ended = state({ status: 'cancelled', expiresAt: t('01-15'), occurredAt: t('01-15') });

  it('takes events in any order to the same last state', () => {
    const histories = [
      [activated, renewed],
      [activated, cancelling, expired],
      [activated, expired, revived],
      [activated, cancelling, ended],
      [activated, renewed, ended],
    ];
    for (const history of histories) {
      const last = history[history.length - 1]!;
      for (const order of [history, [...history].reverse()]) {
        const final = order.slice(1).reduce((kept, e) => (supersedes(e, kept) ? e : kept), order[0]!);
        expect(final).toBe(last);
      }
    }
  });

  it('never brings an ended membership back, even with a later expiry', () => {
    expect(supersedes(revived, ended)).toBe(false);
    expect(supersedes(renewed, ended)).toBe(false);
    expect(supersedes(ended, renewed)).toBe(true);
  });

  it('treats no expiry as the latest and breaks ties of identical facts by occurredAt', () => {
    expect(supersedes(state({ expiresAt: null }), renewed)).toBe(true);
    expect(supersedes(renewed, state({ expiresAt: null }))).toBe(false);
    expect(supersedes(state({ occurredAt: t('01-02') }), activated)).toBe(true);
    expect(supersedes(activated, activated)).toBe(false);
  });
});

describe('hasActiveMembership', () => {
  it('gives access only while active and not past the expiry', () => {
    const now = t('06-01');
    expect(hasActiveMembership([state({ expiresAt: t('07-01') })], now)).toBe(true);
    expect(hasActiveMembership([state({ expiresAt: null })], now)).toBe(true);
    expect(hasActiveMembership([state({ expiresAt: t('05-01') })], now)).toBe(false);
    expect(hasActiveMembership([state({ status: 'expired', expiresAt: t('07-01') })], now)).toBe(false);
    expect(hasActiveMembership([], now)).toBe(false);
  });
});
