// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['social-graph'];

/** What the /connections guard checks for the member: onboarding completed, and membership active to connect */
export const myAccess: BrowserRouteOf<Routes['myAccess']> = {
  method: 'GET',
  path: '/api/v1/social-graph/me/access',
  access: 'user',
};

/** The derived connection status of the member with another member (the /profile status button) */
export const connectionStatus: BrowserRouteOf<Routes['connectionStatus']> = {
  method: 'GET',
  path: '/api/v1/social-graph/connections/status/:userId',
  access: 'user',
};

/** Send a connection request. When the other member already asked this one, that request is accepted instead (two members asking each other at once end up connected, never with two pending requests) */
export const sendRequest: BrowserRouteOf<Routes['sendRequest']> = {
  method: 'POST',
  path: '/api/v1/social-graph/connection-requests',
  access: 'user',
};

/** The receiver accepts a pending request */
export const acceptRequest: BrowserRouteOf<Routes['acceptRequest']> = {
  method: 'POST',
  path: '/api/v1/social-graph/connection-requests/:requestId/accept',
  access: 'user',
};

/** The receiver declines a pending request (the row is marked deleted) */
export const declineRequest: BrowserRouteOf<Routes['declineRequest']> = {
  method: 'POST',
  path: '/api/v1/social-graph/connection-requests/:requestId/decline',
  access: 'user',
};

/** The sender cancels a pending request */
export const cancelRequest: BrowserRouteOf<Routes['cancelRequest']> = {
  method: 'DELETE',
  path: '/api/v1/social-graph/connection-requests/:requestId',
  access: 'user',
};

/** Either member removes an accepted connection */
export const removeConnection: BrowserRouteOf<Routes['removeConnection']> = {
  method: 'DELETE',
  path: '/api/v1/social-graph/connections/:userId',
  access: 'user',
};

/** The /connections 'requests' tab: pending requests the member received, newest first */
export const receivedRequests: BrowserRouteOf<Routes['receivedRequests']> = {
  method: 'GET',
  path: '/api/v1/social-graph/connection-requests/received',
  access: 'user',
};

/** The /connections 'connect-requests' tab: pending requests the member sent, newest first */
export const sentRequests: BrowserRouteOf<Routes['sentRequests']> = {
  method: 'GET',
  path: '/api/v1/social-graph/connection-requests/sent',
  access: 'user',
};

/** The /connections 'connections' tab: the member's connections, most recent first */
export const connections: BrowserRouteOf<Routes['connections']> = {
  method: 'GET',
  path: '/api/v1/social-graph/connections',
  access: 'user',
};

/** Members both the member and another member are connected to (the /profile page) */
export const mutualConnections: BrowserRouteOf<Routes['mutualConnections']> = {
  method: 'GET',
  path: '/api/v1/social-graph/connections/:userId/mutual',
  access: 'user',
};

/** Block a member, silently: any request or connection between them ends, they cannot find or ask the member, and messaging refuses conversations between them */
export const block: BrowserRouteOf<Routes['block']> = {
  method: 'POST',
  path: '/api/v1/social-graph/blocks',
  access: 'user',
};

/** Unblock a member (nothing that ended with the block comes back) */
export const unblock: BrowserRouteOf<Routes['unblock']> = {
  method: 'DELETE',
  path: '/api/v1/social-graph/blocks/:userId',
  access: 'user',
};

/** The members this member blocked, newest first (settings) */
export const myBlocks: BrowserRouteOf<Routes['myBlocks']> = {
  method: 'GET',
  path: '/api/v1/social-graph/blocks',
  access: 'user',
};

/** Mute a member: their content is hidden from this member's views; they are never told */
export const mute: BrowserRouteOf<Routes['mute']> = {
  method: 'POST',
  path: '/api/v1/social-graph/mutes',
  access: 'user',
};

/** Unmute a member */
export const unmute: BrowserRouteOf<Routes['unmute']> = {
  method: 'DELETE',
  path: '/api/v1/social-graph/mutes/:userId',
  access: 'user',
};

/** The members this member muted, newest first */
export const myMutes: BrowserRouteOf<Routes['myMutes']> = {
  method: 'GET',
  path: '/api/v1/social-graph/mutes',
  access: 'user',
};

/** People discovery (/people): text search and filters, keyset-paginated */
export const discover: BrowserRouteOf<Routes['discover']> = {
  method: 'GET',
  path: '/api/v1/social-graph/people',
  access: 'user',
};

/** Another member's card as the member sees it (404 when hidden by a block or not onboarded) */
export const person: BrowserRouteOf<Routes['person']> = {
  method: 'GET',
  path: '/api/v1/social-graph/people/:userId',
  access: 'user',
};

/** Compatibility with another member from both charts, with its reasons (only when both share their charts) */
export const compatibility: BrowserRouteOf<Routes['compatibility']> = {
  method: 'GET',
  path: '/api/v1/social-graph/people/:userId/compatibility',
  access: 'user',
};

/** "People you may resonate with": suggestions with their reasons in plain words */
export const recommendations: BrowserRouteOf<Routes['recommendations']> = {
  method: 'GET',
  path: '/api/v1/social-graph/recommendations',
  access: 'user',
};

/** Hide a suggestion for good (and learn from it) */
export const dismissRecommendation: BrowserRouteOf<Routes['dismissRecommendation']> = {
  method: 'POST',
  path: '/api/v1/social-graph/recommendations/:userId/dismiss',
  access: 'user',
};

/** Report a member: recorded and published for moderation */
export const reportMember: BrowserRouteOf<Routes['reportMember']> = {
  method: 'POST',
  path: '/api/v1/social-graph/reports',
  access: 'user',
};

/** The member's data held by social-graph, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/social-graph/me/export',
  access: 'user',
};
