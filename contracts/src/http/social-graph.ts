import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { NoContent, Timestamp, Uuid } from './common.ts';
import { Badge } from './profile-onboarding.ts';

/*
 * social-graph: connection requests, blocks and mutes, people discovery, compatibility, people
 * recommendations and member reports (spec 001 sections 2, 3, 4, 7; issue 14). Every route acts as the
 * token's member; a body or path naming another member names the *other* side, never the actor.
 */

/**
 * The derived connection status of a pair (spec 001 section 4 "Connection status"), as the viewer sees it:
 * accepted and not deleted gives connected; pending and not deleted gives pending_sent when the viewer sent it,
 * otherwise pending_received; anything else gives none.
 */
export const ConnectionStatusValue = Type.Union(
  [
    Type.Literal('none'),
    Type.Literal('pending_sent'),
    Type.Literal('pending_received'),
    Type.Literal('connected'),
  ],
  { $id: 'ConnectionStatusValue' },
);
export type ConnectionStatusValue = Static<typeof ConnectionStatusValue>;

/** The status of the viewer with another member, with the request row's id and sender beside it. */
export const ConnectionStatus = Type.Object(
  {
    userId: Uuid,
    status: ConnectionStatusValue,
    /** The live request row behind the status; null when the status is none. */
    requestId: Type.Union([Uuid, Type.Null()]),
    senderId: Type.Union([Uuid, Type.Null()]),
  },
  { $id: 'ConnectionStatus' },
);
export type ConnectionStatus = Static<typeof ConnectionStatus>;

/**
 * A member as a people card shows them. `city` only when the member shares their location
 * (privacy_settings.location_sharing); `distanceKm` only when both the viewer and the member share it.
 */
export const PersonCard = Type.Object(
  {
    userId: Uuid,
    name: Type.String(),
    username: Type.String(),
    imageUrl: Type.Union([Type.String(), Type.Null()]),
    /** Highest priority first. */
    badges: Type.Array(Badge),
    city: Type.Union([Type.String(), Type.Null()]),
    distanceKm: Type.Union([Type.Number(), Type.Null()]),
    /** The practices the viewer and the member both have, in the member's order. */
    sharedPractices: Type.Array(Type.String()),
    status: ConnectionStatusValue,
    requestId: Type.Union([Uuid, Type.Null()]),
  },
  { $id: 'PersonCard' },
);
export type PersonCard = Static<typeof PersonCard>;

/** A row of a /connections tab: the other member's card and the request behind it. */
export const ConnectionListItem = Type.Object(
  {
    requestId: Uuid,
    person: PersonCard,
    /** When the request was sent (requests tabs) or accepted (connections tab). */
    at: Timestamp,
  },
  { $id: 'ConnectionListItem' },
);
export type ConnectionListItem = Static<typeof ConnectionListItem>;

/** Keyset pagination: pass nextCursor back as `cursor` for the next page; null on the last page. */
export const PageQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);

export const ConnectionList = Type.Object(
  {
    items: Type.Array(ConnectionListItem),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ConnectionList' },
);
export type ConnectionList = Static<typeof ConnectionList>;

export const PeoplePage = Type.Object(
  {
    people: Type.Array(PersonCard),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'PeoplePage' },
);
export type PeoplePage = Static<typeof PeoplePage>;

/** The members the viewer and another member are both connected to. */
export const MutualConnections = Type.Object(
  { total: Type.Integer({ minimum: 0 }), people: Type.Array(PersonCard) },
  { $id: 'MutualConnections' },
);
export type MutualConnections = Static<typeof MutualConnections>;

const MemberRef = Type.Object({ userId: Uuid }, { additionalProperties: false });
const SendRequestBody = Type.Object(
  {
    userId: Uuid,
    /** 'recommendations' when sent from "People you may resonate with": an accepted one teaches the model. */
    source: Type.Optional(
      Type.Union([Type.Literal('recommendations'), Type.Literal('people'), Type.Literal('profile')]),
    ),
  },
  { additionalProperties: false },
);
const UserIdParams = Type.Object({ userId: Uuid });
const RequestIdParams = Type.Object({ requestId: Uuid });

/**
 * People discovery (/people). Every filter is optional and they combine with AND. Never lists members who have
 * not finished onboarding, who switched off 'Show me in people discovery', who blocked the viewer or whom the
 * viewer blocked, nor the viewer.
 */
export const DiscoveryQuery = Type.Object(
  {
    /** Text on name and username (similarity and prefix). */
    q: Type.Optional(Type.String({ maxLength: 100 })),
    /** A practice name (the interests catalogue's, case-insensitive). */
    practice: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Within radiusKm of this point (a city's coordinates from profile-onboarding's city list)... */
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    /** ...or, without latitude/longitude, of the viewer's own city. Only members who share their location. */
    radiusKm: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 20000 })),
    /** A language id (ISO 639-1). */
    language: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    /** Only among members who share their charts. */
    humanDesignType: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    sunSign: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    /** Only members who joined (finished onboarding) in the last 30 days, newest first. */
    newMembers: Type.Optional(Type.Boolean()),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);
export type DiscoveryQuery = Static<typeof DiscoveryQuery>;

/** Compatibility of the viewer with another member, from both members' charts, with its reasons. */
export const Compatibility = Type.Object(
  {
    userId: Uuid,
    /** False when either member does not share their chart: no score and no reasons then. */
    available: Type.Boolean(),
    /** 0..100 */
    score: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
    /** Plain-words reasons ("Both Fire signs: Aries and Leo"), strongest first. */
    reasons: Type.Array(Type.String()),
  },
  { $id: 'Compatibility' },
);
export type Compatibility = Static<typeof Compatibility>;

/** "People you may resonate with": a card and why, in plain words. */
export const Recommendation = Type.Object(
  {
    person: PersonCard,
    /** e.g. "You both practise Breathwork and Yoga", "4 km apart", "2 mutual connections". */
    reasons: Type.Array(Type.String()),
    score: Type.Number(),
  },
  { $id: 'Recommendation' },
);
export type Recommendation = Static<typeof Recommendation>;

export const RecommendationList = Type.Object(
  { recommendations: Type.Array(Recommendation) },
  { $id: 'RecommendationList' },
);
export type RecommendationList = Static<typeof RecommendationList>;

export const BlockedMember = Type.Object(
  {
    userId: Uuid,
    name: Type.String(),
    imageUrl: Type.Union([Type.String(), Type.Null()]),
    blockedAt: Timestamp,
  },
  { $id: 'BlockedMember' },
);
export const BlockList = Type.Object({ blocked: Type.Array(BlockedMember) }, { $id: 'BlockList' });
export type BlockList = Static<typeof BlockList>;

export const MutedMember = Type.Object(
  {
    userId: Uuid,
    name: Type.String(),
    imageUrl: Type.Union([Type.String(), Type.Null()]),
    mutedAt: Timestamp,
  },
  { $id: 'MutedMember' },
);
export const MuteList = Type.Object({ muted: Type.Array(MutedMember) }, { $id: 'MuteList' });
export type MuteList = Static<typeof MuteList>;

export const ReportReason = Type.Union(
  [
    Type.Literal('spam'),
    Type.Literal('harassment'),
    Type.Literal('inappropriate_content'),
    Type.Literal('fake_profile'),
    Type.Literal('other'),
  ],
  { $id: 'ReportReason' },
);
export type ReportReason = Static<typeof ReportReason>;

export const ReportMemberRequest = Type.Object(
  {
    userId: Uuid,
    reason: ReportReason,
    /** Free text, sanitised; at most 2000 characters. */
    details: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export const MemberReport = Type.Object({ reportId: Uuid, reportedAt: Timestamp }, { $id: 'MemberReport' });

/** What the service tells a member who cannot act on another (blocked either way, not found, not onboarded). */
export const SOCIAL_GRAPH_TEXT = {
  /** Blocks are silent: a blocked member, or a missing one, sees the same 'not found'. */
  memberNotFound: 'The requested item could not be found.',
  selfRequest: 'You cannot send a connection request to yourself.',
  notOnboarded: 'Complete your profile to connect with members.',
  membershipRequired: 'An active membership is needed to connect with members.',
  alreadyConnected: 'You are already connected.',
  requestNotPending: 'This connection request is no longer pending.',
} as const;

/**
 * What the /connections extra guard checks (MER's decision; the spec does not show it): onboarding completed
 * here, and an active membership to send or accept requests. Declining, cancelling, removing, blocking,
 * muting and reporting stay open to every onboarded member, paid or not.
 */
export const SocialGraphAccess = Type.Object(
  {
    onboarded: Type.Boolean(),
    membershipActive: Type.Boolean(),
    /** onboarded and membershipActive: may send and accept requests. */
    canConnect: Type.Boolean(),
  },
  { $id: 'SocialGraphAccess' },
);
export type SocialGraphAccess = Static<typeof SocialGraphAccess>;

/** Every REST route of social-graph. The gateway forwards /api/v1/social-graph/... here. */
export const socialGraphRoutes = defineRoutes('social-graph', {
  myAccess: {
    method: 'GET',
    path: '/api/v1/social-graph/me/access',
    summary:
      'What the /connections guard checks for the member: onboarding completed, and membership active to connect',
    access: { kind: 'user' },
    response: { 200: SocialGraphAccess },
  },
  connectionStatus: {
    method: 'GET',
    path: '/api/v1/social-graph/connections/status/:userId',
    summary: 'The derived connection status of the member with another member (the /profile status button)',
    access: { kind: 'user' },
    params: UserIdParams,
    response: { 200: ConnectionStatus },
  },
  sendRequest: {
    method: 'POST',
    path: '/api/v1/social-graph/connection-requests',
    summary:
      'Send a connection request. When the other member already asked this one, that request is accepted instead ' +
      '(two members asking each other at once end up connected, never with two pending requests)',
    access: { kind: 'user' },
    body: SendRequestBody,
    response: { 201: ConnectionStatus },
  },
  acceptRequest: {
    method: 'POST',
    path: '/api/v1/social-graph/connection-requests/:requestId/accept',
    summary: 'The receiver accepts a pending request',
    access: { kind: 'user' },
    params: RequestIdParams,
    response: { 200: ConnectionStatus },
  },
  declineRequest: {
    method: 'POST',
    path: '/api/v1/social-graph/connection-requests/:requestId/decline',
    summary: 'The receiver declines a pending request (the row is marked deleted)',
    access: { kind: 'user' },
    params: RequestIdParams,
    response: { 200: ConnectionStatus },
  },
  cancelRequest: {
    method: 'DELETE',
    path: '/api/v1/social-graph/connection-requests/:requestId',
    summary: 'The sender cancels a pending request',
    access: { kind: 'user' },
    params: RequestIdParams,
    response: { 200: ConnectionStatus },
  },
  removeConnection: {
    method: 'DELETE',
    path: '/api/v1/social-graph/connections/:userId',
    summary: 'Either member removes an accepted connection',
    access: { kind: 'user' },
    params: UserIdParams,
    response: { 200: ConnectionStatus },
  },
  receivedRequests: {
    method: 'GET',
    path: '/api/v1/social-graph/connection-requests/received',
    summary: "The /connections 'requests' tab: pending requests the member received, newest first",
    access: { kind: 'user' },
    querystring: PageQuery,
    response: { 200: ConnectionList },
  },
  sentRequests: {
    method: 'GET',
    path: '/api/v1/social-graph/connection-requests/sent',
    summary: "The /connections 'connect-requests' tab: pending requests the member sent, newest first",
    access: { kind: 'user' },
    querystring: PageQuery,
    response: { 200: ConnectionList },
  },
  connections: {
    method: 'GET',
    path: '/api/v1/social-graph/connections',
    summary: "The /connections 'connections' tab: the member's connections, most recent first",
    access: { kind: 'user' },
    querystring: PageQuery,
    response: { 200: ConnectionList },
  },
  mutualConnections: {
    method: 'GET',
    path: '/api/v1/social-graph/connections/:userId/mutual',
    summary: 'Members both the member and another member are connected to (the /profile page)',
    access: { kind: 'user' },
    params: UserIdParams,
    querystring: Type.Object(
      { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 12 })) },
      { additionalProperties: false },
    ),
    response: { 200: MutualConnections },
  },
  block: {
    method: 'POST',
    path: '/api/v1/social-graph/blocks',
    summary:
      'Block a member, silently: any request or connection between them ends, they cannot find or ask the ' +
      'member, and messaging refuses conversations between them',
    access: { kind: 'user' },
    body: MemberRef,
    response: { 204: NoContent },
  },
  unblock: {
    method: 'DELETE',
    path: '/api/v1/social-graph/blocks/:userId',
    summary: 'Unblock a member (nothing that ended with the block comes back)',
    access: { kind: 'user' },
    params: UserIdParams,
    response: { 204: NoContent },
  },
  myBlocks: {
    method: 'GET',
    path: '/api/v1/social-graph/blocks',
    summary: 'The members this member blocked, newest first (settings)',
    access: { kind: 'user' },
    response: { 200: BlockList },
  },
  mute: {
    method: 'POST',
    path: '/api/v1/social-graph/mutes',
    summary: "Mute a member: their content is hidden from this member's views; they are never told",
    access: { kind: 'user' },
    body: MemberRef,
    response: { 204: NoContent },
  },
  unmute: {
    method: 'DELETE',
    path: '/api/v1/social-graph/mutes/:userId',
    summary: 'Unmute a member',
    access: { kind: 'user' },
    params: UserIdParams,
    response: { 204: NoContent },
  },
  myMutes: {
    method: 'GET',
    path: '/api/v1/social-graph/mutes',
    summary: 'The members this member muted, newest first',
    access: { kind: 'user' },
    response: { 200: MuteList },
  },
  discover: {
    method: 'GET',
    path: '/api/v1/social-graph/people',
    summary: 'People discovery (/people): text search and filters, keyset-paginated',
    access: { kind: 'user' },
    querystring: DiscoveryQuery,
    response: { 200: PeoplePage },
  },
  person: {
    method: 'GET',
    path: '/api/v1/social-graph/people/:userId',
    summary: "Another member's card as the member sees it (404 when hidden by a block or not onboarded)",
    access: { kind: 'user' },
    params: UserIdParams,
    response: { 200: PersonCard },
  },
  compatibility: {
    method: 'GET',
    path: '/api/v1/social-graph/people/:userId/compatibility',
    summary:
      'Compatibility with another member from both charts, with its reasons (only when both share their charts)',
    access: { kind: 'user' },
    params: UserIdParams,
    response: { 200: Compatibility },
  },
  recommendations: {
    method: 'GET',
    path: '/api/v1/social-graph/recommendations',
    summary: '"People you may resonate with": suggestions with their reasons in plain words',
    access: { kind: 'user' },
    querystring: Type.Object(
      { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })) },
      { additionalProperties: false },
    ),
    response: { 200: RecommendationList },
  },
  dismissRecommendation: {
    method: 'POST',
    path: '/api/v1/social-graph/recommendations/:userId/dismiss',
    summary: 'Hide a suggestion for good (and learn from it)',
    access: { kind: 'user' },
    params: UserIdParams,
    response: { 204: NoContent },
  },
  reportMember: {
    method: 'POST',
    path: '/api/v1/social-graph/reports',
    summary: 'Report a member: recorded and published for moderation',
    access: { kind: 'user' },
    body: ReportMemberRequest,
    response: { 201: MemberReport },
  },
});
