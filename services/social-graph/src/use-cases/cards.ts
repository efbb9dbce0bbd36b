import type { ConnectionStatusValue, PersonCard } from '@mer/contracts';
import { liveRequestsWith } from '../db/connections.repository.ts';
import type { MemberRow, SocialGraphDb } from '../db/tables.ts';
import { deriveStatus } from '../domain/connection-status.ts';
import { distanceKm, roundedKm } from '../domain/geo.ts';

/**
 * People cards as one viewer sees them: the city only when the member shares their location, the distance only
 * when both do, the practices both have, and the derived status of the pair.
 */
export async function cardsFor(
  db: SocialGraphDb,
  viewer: MemberRow | undefined,
  viewerId: string,
  members: readonly MemberRow[],
): Promise<PersonCard[]> {
  const requests = await liveRequestsWith(
    db,
    viewerId,
    members.map((m) => m.user_id),
  );
  const byOther = new Map(requests.map((r) => [r.sender_id === viewerId ? r.receiver_id : r.sender_id, r]));
  return members.map((m) => {
    const status = deriveStatus(viewerId, m.user_id, byOther.get(m.user_id));
    return toCard(viewer, m, status.status, status.requestId);
  });
}

export function toCard(
  viewer: MemberRow | undefined,
  m: MemberRow,
  status: ConnectionStatusValue,
  requestId: string | null,
): PersonCard {
  return {
    userId: m.user_id,
    name: m.name,
    username: m.username,
    imageUrl: m.image_url,
    badges: [...m.badges].sort((a, b) => b.priority - a.priority),
    city: m.location_sharing ? m.city : null,
    distanceKm: kmBetween(viewer, m),
    sharedPractices: sharedPractices(viewer, m),
    status,
    requestId,
  };
}

export function sharedPractices(viewer: MemberRow | undefined, m: MemberRow): string[] {
  if (!viewer) return [];
  const mine = new Set(viewer.practices_key);
  return m.practices.filter((p) => mine.has(p.toLowerCase()));
}

export function kmBetween(viewer: MemberRow | undefined, m: MemberRow): number | null {
  if (!viewer?.location_sharing || !m.location_sharing) return null;
  if (viewer.latitude === null || viewer.longitude === null || m.latitude === null || m.longitude === null) {
    return null;
  }
  return roundedKm(distanceKm(viewer.latitude, viewer.longitude, m.latitude, m.longitude));
}
