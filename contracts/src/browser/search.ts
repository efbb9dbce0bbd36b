// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['search'];

/** Search circles, events, people and posts (at most 20 of each source): approved circles and events, public posts, members who allow discovery; never anyone the member blocked or who blocked them */
export const search: BrowserRouteOf<Routes['search']> = {
  method: 'GET',
  path: '/api/v1/search/results',
  access: 'user',
};

/** At most 8 suggestions: matching titles and recent searches, then the 4 templates */
export const suggestions: BrowserRouteOf<Routes['suggestions']> = {
  method: 'GET',
  path: '/api/v1/search/suggestions',
  access: 'user',
};

/** The member's search history, newest first (at most 20; the dialog shows the first 5) */
export const history: BrowserRouteOf<Routes['history']> = {
  method: 'GET',
  path: '/api/v1/search/history',
  access: 'user',
};

/** Record a search the member ran, with its result count and filters (the same query again moves to the top) */
export const recordSearch: BrowserRouteOf<Routes['recordSearch']> = {
  method: 'POST',
  path: '/api/v1/search/history',
  access: 'user',
};

/** Clear the member's search history */
export const clearHistory: BrowserRouteOf<Routes['clearHistory']> = {
  method: 'DELETE',
  path: '/api/v1/search/history',
  access: 'user',
};

/** The member's saved searches, newest first (the dialog shows the first 3) */
export const savedSearches: BrowserRouteOf<Routes['savedSearches']> = {
  method: 'GET',
  path: '/api/v1/search/saved',
  access: 'user',
};

/** Save a search with a name (both name and query required) */
export const saveSearch: BrowserRouteOf<Routes['saveSearch']> = {
  method: 'POST',
  path: '/api/v1/search/saved',
  access: 'user',
};

/** Turn notifications of new matches of a saved search on or off */
export const updateSavedSearch: BrowserRouteOf<Routes['updateSavedSearch']> = {
  method: 'PATCH',
  path: '/api/v1/search/saved/:id',
  access: 'user',
};

/** Delete a saved search */
export const deleteSavedSearch: BrowserRouteOf<Routes['deleteSavedSearch']> = {
  method: 'DELETE',
  path: '/api/v1/search/saved/:id',
  access: 'user',
};

/** The community's top 5 searches; only queries searched by at least 3 different members, and never who searched */
export const popular: BrowserRouteOf<Routes['popular']> = {
  method: 'GET',
  path: '/api/v1/search/popular',
  access: 'user',
};

/** The member's data held by search, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/search/me/export',
  access: 'user',
};
