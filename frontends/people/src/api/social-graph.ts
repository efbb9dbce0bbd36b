/**
 * Every call the people pages make to the social-graph service. Components and pages never call these
 * directly: they use the hooks in social-graph-hooks.ts, which cache them under socialGraphKeys.
 *
 * TODO(sg-web): the types below mirror the contracts sg-core is writing (contracts/src/http/social-graph.ts);
 * once they land, the calls become `call(socialGraphRoutes.x, input)` over @mer/contracts/browser and these
 * hand-written types go.
 */
import { apiRequest } from '@mer/api-client';
import type { ConnectionStatus } from '../domain/connection-actions.ts';
import type { PeopleFilters } from '../domain/people-filters.ts';

const BASE = '/api/v1/social-graph';

export interface StatusView {
  status: ConnectionStatus;
  requestId: string | null;
  senderId: string | null;
}

export interface PersonBadge {
  type: string;
  label: string;
  priority: number;
}

/** A member as a card: what discovery, the lists and the recommendations show. */
export interface PersonCard {
  userId: string;
  name: string;
  username: string | null;
  imageUrl: string | null;
  badges: PersonBadge[];
  /** Only when the member shares their location. */
  city: string | null;
  sharedPractices: string[];
  connection: StatusView;
}

export interface PageOf<T> {
  items: T[];
  nextCursor: string | null;
}

export interface Recommendation {
  person: PersonCard;
  /** Plain words, e.g. "You both practise Breathwork and Yoga", "4 km apart", "2 mutual connections". */
  reasons: string[];
}

export interface ConnectionRequestView {
  requestId: string;
  person: PersonCard;
  createdAt: string;
}

export interface Compatibility {
  score: number;
  reasons: string[];
}

export type ConnectionList = 'received' | 'connected' | 'sent';

export const REPORT_REASONS = [
  'Spam or scam',
  'Harassment or hate',
  'Inappropriate content',
  'Fake profile',
  'Something else',
] as const;

function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== null && v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

export const socialGraphApi = {
  discover(filters: PeopleFilters, cursor: string | null, signal?: AbortSignal): Promise<PageOf<PersonCard>> {
    return apiRequest(
      'GET',
      `${BASE}/people${query({
        q: filters.q.trim(),
        practice: filters.practice,
        cityId: filters.cityId,
        radiusKm: filters.cityId ? filters.radiusKm : null,
        language: filters.language,
        hdType: filters.hdType,
        sunSign: filters.sunSign,
        newMembers: filters.newMembers || null,
        cursor,
      })}`,
      { signal },
    );
  },
  recommendations(signal?: AbortSignal): Promise<{ items: Recommendation[] }> {
    return apiRequest('GET', `${BASE}/recommendations`, { signal });
  },
  dismissRecommendation(userId: string): Promise<void> {
    return apiRequest('POST', `${BASE}/recommendations/${encodeURIComponent(userId)}/dismiss`);
  },
  status(userId: string, signal?: AbortSignal): Promise<StatusView> {
    return apiRequest('GET', `${BASE}/connections/status/${encodeURIComponent(userId)}`, { signal });
  },
  list(
    list: ConnectionList,
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<PageOf<ConnectionRequestView>> {
    const path = list === 'connected' ? 'connections' : `connection-requests/${list}`;
    return apiRequest('GET', `${BASE}/${path}${query({ cursor })}`, { signal });
  },
  mutual(userId: string, signal?: AbortSignal): Promise<{ items: PersonCard[]; total: number }> {
    return apiRequest('GET', `${BASE}/connections/${encodeURIComponent(userId)}/mutual`, { signal });
  },
  compatibility(userId: string, signal?: AbortSignal): Promise<Compatibility | null> {
    return apiRequest('GET', `${BASE}/compatibility/${encodeURIComponent(userId)}`, { signal });
  },
  sendRequest(userId: string): Promise<StatusView> {
    return apiRequest('POST', `${BASE}/connection-requests`, { body: { receiverId: userId } });
  },
  accept(requestId: string): Promise<StatusView> {
    return apiRequest('POST', `${BASE}/connection-requests/${encodeURIComponent(requestId)}/accept`);
  },
  decline(requestId: string): Promise<StatusView> {
    return apiRequest('POST', `${BASE}/connection-requests/${encodeURIComponent(requestId)}/decline`);
  },
  cancel(requestId: string): Promise<StatusView> {
    return apiRequest('DELETE', `${BASE}/connection-requests/${encodeURIComponent(requestId)}`);
  },
  removeConnection(userId: string): Promise<StatusView> {
    return apiRequest('DELETE', `${BASE}/connections/${encodeURIComponent(userId)}`);
  },
  block(userId: string): Promise<void> {
    return apiRequest('POST', `${BASE}/blocks`, { body: { userId } });
  },
  unblock(userId: string): Promise<void> {
    return apiRequest('DELETE', `${BASE}/blocks/${encodeURIComponent(userId)}`);
  },
  report(userId: string, reason: string, details: string): Promise<void> {
    return apiRequest('POST', `${BASE}/reports`, { body: { userId, reason, details } });
  },
};
