/**
 * Every call the people pages make to the social-graph service, typed by the contracts' browser route table and
 * sent by `call`. Components and pages never call these directly: they use the hooks in social-graph-hooks.ts,
 * which cache the answers under socialGraphKeys.
 */
import type {
  ConnectionList as ConnectionListPage,
  ConnectionStatus,
  DiscoveryQuery,
  PersonCard as ContractPersonCard,
  ReportReason,
} from '@mer/contracts';
import { socialGraph } from '@mer/contracts/browser';
import { call } from '@mer/api-client';
import { hasCity, type PeopleFilters } from '../domain/people-filters.ts';

export type PersonCard = ContractPersonCard;
export type { ConnectionStatus, ConnectionListPage };

/** The /connections tabs' lists: received (requests), connected (connections), sent (connect-requests). */
export type ConnectionList = 'received' | 'connected' | 'sent';

export const LIST_ROUTES = {
  received: socialGraph.receivedRequests,
  connected: socialGraph.connections,
  sent: socialGraph.sentRequests,
} as const;

/** The report reasons the dialog offers, in the contract's values, with their words. */
export const REPORT_REASONS: ReadonlyArray<{ value: ReportReason; label: string }> = [
  { value: 'spam', label: 'Spam or scam' },
  { value: 'harassment', label: 'Harassment or hate' },
  { value: 'inappropriate_content', label: 'Inappropriate content' },
  { value: 'fake_profile', label: 'Fake profile' },
  { value: 'other', label: 'Something else' },
];
/** The contract's limit on a report's free text. */
export const REPORT_DETAILS_MAX = 2000;

/** The discovery query of the page's filters (no cursor: that is the page parameter). */
export function discoveryQuery(filters: PeopleFilters): DiscoveryQuery {
  const query: DiscoveryQuery = {};
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.practice) query.practice = filters.practice;
  if (hasCity(filters)) {
    query.latitude = filters.latitude!;
    query.longitude = filters.longitude!;
    query.radiusKm = filters.radiusKm;
  }
  if (filters.language) query.language = filters.language;
  if (filters.hdType) query.humanDesignType = filters.hdType;
  if (filters.sunSign) query.sunSign = filters.sunSign;
  if (filters.newMembers) query.newMembers = true;
  return query;
}

/** What the /connections guard checks for the member (onboarded; membership active to connect). */
export function myAccess(signal?: AbortSignal) {
  return call(socialGraph.myAccess, { signal });
}

export function discover(query: DiscoveryQuery, cursor: string | null, signal?: AbortSignal) {
  return call(socialGraph.discover, { query: cursor ? { ...query, cursor } : query, signal });
}

export function recommendations(signal?: AbortSignal) {
  return call(socialGraph.recommendations, { signal });
}

export function dismissRecommendation(userId: string) {
  return call(socialGraph.dismissRecommendation, { params: { userId } });
}

export function connectionStatus(userId: string, signal?: AbortSignal) {
  return call(socialGraph.connectionStatus, { params: { userId }, signal });
}

export function connectionList(list: ConnectionList, cursor: string | null, signal?: AbortSignal) {
  return call(LIST_ROUTES[list], { query: cursor ? { cursor } : {}, signal });
}

export function mutualConnections(userId: string, signal?: AbortSignal) {
  return call(socialGraph.mutualConnections, { params: { userId }, signal });
}

export function compatibility(userId: string, signal?: AbortSignal) {
  return call(socialGraph.compatibility, { params: { userId }, signal });
}

/** Where a request was sent from: an accepted one sent from the suggestions strip teaches the model. */
export type RequestSource = 'recommendations' | 'people' | 'profile';

export function sendRequest(userId: string, source?: RequestSource) {
  return call(socialGraph.sendRequest, { body: source ? { userId, source } : { userId } });
}

export function acceptRequest(requestId: string) {
  return call(socialGraph.acceptRequest, { params: { requestId } });
}

export function declineRequest(requestId: string) {
  return call(socialGraph.declineRequest, { params: { requestId } });
}

export function cancelRequest(requestId: string) {
  return call(socialGraph.cancelRequest, { params: { requestId } });
}

export function removeConnection(userId: string) {
  return call(socialGraph.removeConnection, { params: { userId } });
}

export function block(userId: string) {
  return call(socialGraph.block, { body: { userId } });
}

export function reportMember(input: { userId: string; reason: ReportReason; details: string }) {
  const { userId, reason, details } = input;
  return call(socialGraph.reportMember, { body: details ? { userId, reason, details } : { userId, reason } });
}
