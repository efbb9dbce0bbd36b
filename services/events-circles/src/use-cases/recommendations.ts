import type { Recommendations } from '@mer/contracts';
import { findCircles, listCircles } from '../db/circles.repository.ts';
import { findEvents, trendingEvents } from '../db/events.repository.ts';
import {
  connectionsOfMembers,
  dismissalsOf,
  latestModel,
  listedCircleItems,
  membersWithPlace,
  participantsOf,
  recentAnswers,
  saveDismissal,
  saveModel,
  takenBy,
  upcomingEventItems,
} from '../db/recommendations.repository.ts';
import type { EventsCirclesDeps } from '../deps.ts';
import {
  PRIOR,
  featuresOf,
  rank,
  train,
  type CandidateItem,
  type MemberProfile,
  type RecommendationModel,
  type TrainingExample,
} from '../domain/recommendations/model.ts';
import { lockLiveMember, type Viewer } from './access.ts';
import { presentCircles, presentEvents } from './present.ts';

/*
 * /discover and /engage: the member's events and circles ranked by the locally trained model with reasons,
 * trending events and new circles. The model is retrained from this service's own tables (start, then every
 * RECOMMENDATION_TRAIN_MS); nothing leaves MER.
 */

const CANDIDATES = 400;
const TRAINING_ANSWERS = 5_000;

async function candidates(deps: EventsCirclesDeps): Promise<CandidateItem[]> {
  const [events, circles] = await Promise.all([
    upcomingEventItems(deps.db, deps.clock.now(), CANDIDATES),
    listedCircleItems(deps.db, CANDIDATES),
  ]);
  const participants = await participantsOf(
    deps.db,
    events.map((e) => e.id),
    circles.map((c) => c.id),
  );
  const byItem = new Map<string, Set<string>>();
  for (const p of participants)
    (byItem.get(p.item_id) ?? byItem.set(p.item_id, new Set()).get(p.item_id)!).add(p.user_id);
  return [
    ...events.map((e) => ({
      id: e.id,
      kind: 'event' as const,
      title: e.title,
      category: e.category,
      lat: e.latitude,
      lon: e.longitude,
      circleId: e.circle_id,
      circleName: e.circle_name,
      participantIds: byItem.get(e.id) ?? new Set<string>(),
      participantCount: e.going_count,
    })),
    ...circles.map((c) => ({
      id: c.id,
      kind: 'circle' as const,
      title: c.name,
      category: c.category,
      lat: c.latitude,
      lon: c.longitude,
      circleId: null,
      circleName: null,
      participantIds: byItem.get(c.id) ?? new Set<string>(),
      participantCount: c.member_count,
    })),
  ];
}

async function profiles(
  deps: EventsCirclesDeps,
  userIds: readonly string[],
): Promise<Map<string, MemberProfile & { taken: Set<string> }>> {
  const [members, taken, connections] = await Promise.all([
    membersWithPlace(deps.db, userIds),
    takenBy(deps.db, userIds),
    connectionsOfMembers(deps.db, userIds),
  ]);
  const out = new Map<string, MemberProfile & { taken: Set<string> }>();
  for (const id of userIds) {
    const m = members.find((x) => x.user_id === id);
    out.set(id, {
      id,
      interests: m?.interests ?? [],
      lat: m?.latitude ?? null,
      lon: m?.longitude ?? null,
      circleIds: new Set(),
      categoryCounts: new Map(),
      connectionIds: new Set(),
      taken: new Set(),
    });
  }
  for (const t of taken) {
    const p = out.get(t.user_id)!;
    (p.categoryCounts as Map<string, number>).set(t.category, (p.categoryCounts.get(t.category) ?? 0) + 1);
    p.taken.add(t.item_id);
    if (t.kind === 'circle') (p.circleIds as Set<string>).add(t.item_id);
  }
  for (const c of connections) (out.get(c.user_id)!.connectionIds as Set<string>).add(c.other_id);
  return out;
}

let cachedModel: { at: number; model: RecommendationModel } | undefined;

async function currentModel(deps: EventsCirclesDeps): Promise<RecommendationModel> {
  if (cachedModel && Date.now() - cachedModel.at < 60_000) return cachedModel.model;
  const row = await latestModel(deps.db);
  const model = row ? (row.model as RecommendationModel) : PRIOR;
  cachedModel = { at: Date.now(), model };
  return model;
}

export async function recommendationsFor(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  limit: number,
): Promise<Recommendations> {
  const now = deps.clock.now();
  const [model, items, me, dismissed] = await Promise.all([
    currentModel(deps),
    candidates(deps),
    profiles(deps, [viewer.userId]).then((p) => p.get(viewer.userId)!),
    dismissalsOf(deps.db, viewer.userId),
  ]);
  const exclude = new Set([...dismissed, ...me.taken]);
  const ranked = rank(model, me, items, limit * 2, exclude);
  const eventRanks = ranked.filter((r) => r.item.kind === 'event').slice(0, limit);
  const circleRanks = ranked.filter((r) => r.item.kind === 'circle').slice(0, limit);
  const [eventRows, circleRows, trending, newest] = await Promise.all([
    findEvents(
      deps.db,
      eventRanks.map((r) => r.item.id),
    ),
    findCircles(
      deps.db,
      circleRanks.map((r) => r.item.id),
    ),
    trendingEvents(deps.db, now, limit),
    listCircles(deps.db, { view: 'new', viewerId: viewer.userId, limit }),
  ]);
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  const presentedEvents = await presentEvents(
    deps.db,
    viewer,
    eventRanks.map((r) => eventById.get(r.item.id)!),
  );
  const presentedCircles = await presentCircles(
    deps.db,
    viewer,
    circleRanks.map((r) => circleRows.get(r.item.id)!),
  );
  return {
    events: eventRanks.map((r, i) => ({ event: presentedEvents[i]!, score: r.score, reasons: r.reasons })),
    circles: circleRanks.map((r, i) => ({
      circle: presentedCircles[i]!,
      score: r.score,
      reasons: r.reasons,
    })),
    trendingEvents: await presentEvents(deps.db, viewer, trending),
    newCircles: await presentCircles(deps.db, viewer, newest),
    modelVersion: model.version,
  };
}

export async function dismissRecommendation(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  kind: 'event' | 'circle',
  id: string,
): Promise<void> {
  await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    await saveDismissal(tx.trx, viewer.userId, kind, id);
  });
}

/**
 * Retrains from the community's recent answers: each going RSVP or circle join is a positive (features as the
 * member stood), dismissals are weighted negatives, and three random candidates per answer are plain negatives.
 * Stored as the next version; too few answers keep the prior.
 */
export async function retrainRecommendations(
  deps: EventsCirclesDeps,
): Promise<RecommendationModel | undefined> {
  const { positives, dismissed } = await recentAnswers(deps.db, TRAINING_ANSWERS);
  if (positives.length < 50) return undefined;
  const items = await candidates(deps);
  const itemById = new Map(items.map((i) => [i.id, i]));
  const memberIds = [...new Set([...positives, ...dismissed].map((p) => p.user_id))];
  const byMember = await profiles(deps, memberIds);
  const max = items.reduce((m, i) => Math.max(m, i.participantCount), 0);
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const examples: TrainingExample[] = [];
  for (const p of positives) {
    const item = itemById.get(p.item_id);
    const profile = byMember.get(p.user_id);
    if (!item || !profile) continue;
    const counts = new Map(profile.categoryCounts);
    counts.set(item.category, Math.max(0, (counts.get(item.category) ?? 1) - 1));
    const others = new Set(item.participantIds);
    others.delete(p.user_id);
    examples.push({
      features: featuresOf(
        { ...profile, categoryCounts: counts },
        { ...item, participantIds: others, participantCount: others.size },
        max,
      ).features,
      label: 1,
      weight: 1,
    });
    for (let n = 0; n < 3 && items.length > 0; n++) {
      const negative = items[Math.floor(random() * items.length)]!;
      if (!profile.taken.has(negative.id))
        examples.push({ features: featuresOf(profile, negative, max).features, label: 0, weight: 1 });
    }
  }
  for (const d of dismissed) {
    const item = itemById.get(d.item_id);
    const profile = byMember.get(d.user_id);
    if (item && profile)
      examples.push({ features: featuresOf(profile, item, max).features, label: 0, weight: 3 });
  }
  const version = ((await latestModel(deps.db))?.version ?? 0) + 1;
  const model = train(examples, version);
  await saveModel(deps.db, version, model);
  cachedModel = undefined;
  return model;
}
