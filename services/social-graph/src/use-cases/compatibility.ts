import { SOCIAL_GRAPH_TEXT, type Compatibility } from '@mer/contracts';
import { notFound } from '@mer/service-runtime';
import { visibleMember } from '../db/discovery.repository.ts';
import { findMember } from '../db/members.repository.ts';
import type { SocialGraphDeps } from '../deps.ts';
import { chartCompatibility } from '../domain/compatibility.ts';

/** Only when both members share their charts (the read model keeps a chart only then). */
export async function compatibilityWith(
  deps: SocialGraphDeps,
  viewerId: string,
  userId: string,
): Promise<Compatibility> {
  const other = await visibleMember(deps.db, viewerId, userId);
  if (!other) throw notFound(SOCIAL_GRAPH_TEXT.memberNotFound);
  const me = await findMember(deps.db, viewerId);
  const result = chartCompatibility(me?.chart ?? null, other.chart);
  if (!result) return { userId, available: false, score: null, reasons: [] };
  return { userId, available: true, score: result.score, reasons: result.reasons };
}
