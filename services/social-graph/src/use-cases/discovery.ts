import { SOCIAL_GRAPH_TEXT, type DiscoveryQuery, type PeoplePage, type PersonCard } from '@mer/contracts';
import { invalidData, notFound } from '@mer/service-runtime';
import { discoverMembers, visibleMember } from '../db/discovery.repository.ts';
import { findMember } from '../db/members.repository.ts';
import type { SocialGraphDeps } from '../deps.ts';
import { decodeCursor, encodeCursor } from '../domain/cursor.ts';
import { boundingBox } from '../domain/geo.ts';
import { cardsFor } from './cards.ts';

/** 'New members': finished onboarding within this many days. */
export const NEW_MEMBER_DAYS = 30;
const PAGE_DEFAULT = 20;

/** People discovery (/people): filters combine with AND; newest members first; keyset pages. */
export async function discoverPeople(
  deps: SocialGraphDeps,
  viewerId: string,
  q: DiscoveryQuery,
): Promise<PeoplePage> {
  const viewer = await findMember(deps.db, viewerId);
  const limit = q.limit ?? PAGE_DEFAULT;
  const after = q.cursor === undefined ? null : decodeCursor(q.cursor);
  if (q.cursor !== undefined && !after)
    throw invalidData('Invalid Data', 'Invalid cursor', 'querystring.cursor');
  if ((q.latitude === undefined) !== (q.longitude === undefined)) {
    throw invalidData(
      'Invalid Data',
      'Give both latitude and longitude, or neither.',
      'querystring.latitude',
    );
  }
  let near: NonNullable<Parameters<typeof discoverMembers>[1]['near']> | undefined;
  if (q.radiusKm !== undefined) {
    const latitude = q.latitude ?? viewer?.latitude ?? null;
    const longitude = q.longitude ?? viewer?.longitude ?? null;
    if (latitude === null || longitude === null) {
      throw invalidData('Invalid Data', 'Choose a city to search around.', 'querystring.radiusKm');
    }
    near = { latitude, longitude, radiusKm: q.radiusKm, box: boundingBox(latitude, longitude, q.radiusKm) };
  }
  const text = q.q?.trim().toLowerCase();
  const rows = await discoverMembers(deps.db, {
    viewerId,
    ...(text ? { text } : {}),
    ...(q.practice ? { practice: q.practice.trim().toLowerCase() } : {}),
    ...(near ? { near } : {}),
    ...(q.language ? { language: q.language } : {}),
    ...(q.humanDesignType ? { humanDesignType: q.humanDesignType.trim().toLowerCase() } : {}),
    ...(q.sunSign ? { sunSign: q.sunSign.trim().toLowerCase() } : {}),
    ...(q.newMembers ? { joinedSince: new Date(Date.now() - NEW_MEMBER_DAYS * 86_400_000) } : {}),
    after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    people: await cardsFor(deps.db, viewer, viewerId, page),
    nextCursor:
      rows.length > limit && last?.onboarded_at
        ? encodeCursor({ at: last.onboarded_at, id: last.user_id })
        : null,
  };
}

/** One member's card, or 404 when they are unknown, not onboarded, or blocked either way. */
export async function personCard(
  deps: SocialGraphDeps,
  viewerId: string,
  userId: string,
): Promise<PersonCard> {
  const member = await visibleMember(deps.db, viewerId, userId);
  if (!member) throw notFound(SOCIAL_GRAPH_TEXT.memberNotFound);
  const viewer = await findMember(deps.db, viewerId);
  const [card] = await cardsFor(deps.db, viewer, viewerId, [member]);
  return card!;
}
