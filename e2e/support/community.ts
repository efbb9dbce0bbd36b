/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { PHOTO_FIXTURES } from './fixtures.ts';
import { onboardedMember } from './members.ts';
import { api, type MerUnderTest, type TestMember } from './web.ts';

/** The community journeys' members: onboarded and paid (only they may post), set up through the API. */

export const FEED = '/api/v1/community-feed';

export type CommunityMember = TestMember & { id: string; auth: Record<string, string> };

/** An onboarded member with Community Membership paid through billing's test checkout. */
export async function paidMember(mer: MerUnderTest, prefix: string): Promise<CommunityMember> {
  const member = await onboardedMember(mer, prefix);
  const plans = await api(mer.url, 'GET', '/api/v1/billing/plans');
  const started = await api(
    mer.url,
    'POST',
    '/api/v1/billing/checkouts',
    { planId: plans.json.plans[0].id },
    member.auth,
  );
  expect(started.status).toBe(201);
  const paid = await fetch(`${mer.url}${started.json.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const me = await api(mer.url, 'GET', '/api/v1/identity/me', undefined, member.auth);
  expect(me.status).toBe(200);
  return { ...member, id: me.json.id as string };
}

/**
 * Waits until community-feed has heard (through billing's and profile-onboarding's events) that the member is
 * paid and onboarded. The probe creates nothing: a post with a photo that is not theirs is refused after the
 * contributor check (403 before it, invalid data after).
 */
export async function waitUntilMayPost(mer: MerUnderTest, member: CommunityMember): Promise<void> {
  const deadline = Date.now() + 20_000;
  const probe = { content: 'probe', topic: 'general', photoIds: ['00000000-0000-4000-8000-000000000000'] };
  for (;;) {
    const { status } = await api(mer.url, 'POST', `${FEED}/posts`, probe, member.auth);
    if (status !== 403 && status !== 401) return;
    if (Date.now() > deadline)
      throw new Error(`community-feed never let ${member.username} post (${status})`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

export async function fixtureBytes(name: string): Promise<Buffer> {
  return readFile(`${PHOTO_FIXTURES ?? ''}/${name}`);
}
