import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { NoContent, Timestamp, Uuid } from './common.ts';

/*
 * search: one search over circles, events, people and posts (spec 001 sections 2, 3, 5, 7, 8, 9; issue 19), with
 * the member's history, saved searches, suggestions and the community's popular searches. Results come from the
 * service's own read model, built only from other services' events. Every route acts as the token's member.
 */

/** Spec 001 section 9. */
export const SearchLimits = {
  historyEntries: 20,
  suggestions: 8,
  popular: 5,
  recentShown: 5,
  savedShown: 3,
  resultsPerSource: 20,
  /** The client's search cache, in milliseconds (5 min). */
  cacheTtlMs: 5 * 60_000,
  resultsDebounceMs: 300,
  suggestionsDebounceMs: 200,
  queryMaxLength: 200,
  savedNameMaxLength: 100,
} as const;

/** The product's words for refusals of the search service. */
export const SearchTexts = {
  nameRequired: 'Please enter a name for this search.',
  queryRequired: 'Please enter a search query.',
  savedSearchNotFound: 'Saved search not found.',
  noResults: (query: string) => `No results found for "${query}"`,
} as const;

export const SearchResultType = Type.Union(
  [Type.Literal('circle'), Type.Literal('event'), Type.Literal('person'), Type.Literal('post')],
  { $id: 'SearchResultType' },
);
export type SearchResultType = Static<typeof SearchResultType>;

export const SearchSortBy = Type.Union(
  [Type.Literal('relevance'), Type.Literal('date'), Type.Literal('popularity')],
  { $id: 'SearchSortBy' },
);
export type SearchSortBy = Static<typeof SearchSortBy>;

/** Search filters (spec 001 section 3): types, locations, dateRange start/end, categories, sortBy. */
export const SearchFilters = Type.Object(
  {
    types: Type.Optional(Type.Array(SearchResultType, { maxItems: 4 })),
    locations: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10 })),
    dateRange: Type.Optional(
      Type.Object(
        { start: Type.Optional(Timestamp), end: Type.Optional(Timestamp) },
        { additionalProperties: false },
      ),
    ),
    categories: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10 })),
    sortBy: Type.Optional(SearchSortBy),
  },
  { $id: 'SearchFilters', additionalProperties: false },
);
export type SearchFilters = Static<typeof SearchFilters>;

/**
 * The search itself. Filters travel as query parameters (repeat a key for several values: types=circle&types=event);
 * `from`/`to` are the date range. `ai=true` adds the AI search's related terms (computed inside MER).
 */
export const SearchQuery = Type.Object(
  {
    q: Type.String({ maxLength: SearchLimits.queryMaxLength }),
    ai: Type.Optional(Type.Boolean({ default: false })),
    types: Type.Optional(Type.Array(SearchResultType, { maxItems: 4 })),
    locations: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10 })),
    categories: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10 })),
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
    sortBy: Type.Optional(SearchSortBy),
    /** "in my area": only items in the member's own city (from their profile; nothing when they have none). */
    nearMe: Type.Optional(Type.Boolean({ default: false })),
  },
  { $id: 'SearchQuery', additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

/** Search result (spec 001 section 3). */
export const SearchResult = Type.Object(
  {
    id: Uuid,
    title: Type.String(),
    type: SearchResultType,
    /** Plain text (tags removed), at most 300 characters. */
    description: Type.String(),
    imageUrl: Type.Union([Type.String(), Type.Null()]),
    /** The page the result opens (/circles/{id}, /events/{id}, /profile/{username}, /posts/{id}). */
    url: Type.String(),
    relevanceScore: Type.Number(),
    category: Type.Union([Type.String(), Type.Null()]),
    location: Type.Union([Type.String(), Type.Null()]),
    /** When an event takes place; null for other types. */
    date: Type.Union([Timestamp, Type.Null()]),
    createdAt: Timestamp,
  },
  { $id: 'SearchResult' },
);
export type SearchResult = Static<typeof SearchResult>;

export const SearchResults = Type.Object(
  {
    /** The trimmed query searched; an empty query answers no results (the dialog clears them). */
    query: Type.String(),
    results: Type.Array(SearchResult),
    /** AI search only: the related terms it searched for beside the query's own words. */
    relatedTerms: Type.Array(Type.String()),
  },
  { $id: 'SearchResults' },
);
export type SearchResults = Static<typeof SearchResults>;

export const SearchSuggestion = Type.Object(
  {
    /** What the dialog shows ("yoga events"). */
    text: Type.String(),
    /** What choosing it searches for, with `type` as the type filter when set. */
    query: Type.String(),
    /**
     * template: one of the 4 templates ("{q} events", "{q} circles", "{q} people", "{q} in my area"); title: a
     * matching circle, event or member; history: one of the member's own recent searches.
     */
    kind: Type.Union([Type.Literal('template'), Type.Literal('title'), Type.Literal('history')]),
    type: Type.Union([SearchResultType, Type.Null()]),
    /** The "in my area" template: search with nearMe. */
    nearMe: Type.Boolean(),
  },
  { $id: 'SearchSuggestion' },
);
export type SearchSuggestion = Static<typeof SearchSuggestion>;

export const SearchHistoryEntry = Type.Object(
  {
    id: Uuid,
    query: Type.String(),
    timestamp: Timestamp,
    resultCount: Type.Integer({ minimum: 0 }),
    filters: SearchFilters,
  },
  { $id: 'SearchHistoryEntry' },
);
export type SearchHistoryEntry = Static<typeof SearchHistoryEntry>;

export const RecordSearchBody = Type.Object(
  {
    query: Type.String({ maxLength: SearchLimits.queryMaxLength }),
    resultCount: Type.Integer({ minimum: 0, maximum: 1000 }),
    filters: Type.Optional(SearchFilters),
  },
  { additionalProperties: false },
);

export const SavedSearch = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    query: Type.String(),
    filters: SearchFilters,
    createdAt: Timestamp,
    notificationsEnabled: Type.Boolean(),
  },
  { $id: 'SavedSearch' },
);
export type SavedSearch = Static<typeof SavedSearch>;

export const SaveSearchBody = Type.Object(
  {
    name: Type.String({ maxLength: SearchLimits.savedNameMaxLength }),
    query: Type.String({ maxLength: SearchLimits.queryMaxLength }),
    filters: Type.Optional(SearchFilters),
    notificationsEnabled: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);

export const UpdateSavedSearchBody = Type.Object(
  { notificationsEnabled: Type.Boolean() },
  { additionalProperties: false },
);

export const PopularSearch = Type.Object(
  { query: Type.String(), count: Type.Integer({ minimum: 1 }) },
  { $id: 'PopularSearch' },
);

export const RebuildStarted = Type.Object(
  {
    /** The replay's generation: its durable consumers are named search-rebuild-<generation>-<handler>. */
    generation: Type.Integer({ minimum: 1 }),
    startedAt: Timestamp,
  },
  { $id: 'SearchRebuildStarted' },
);

const SavedSearchParams = Type.Object({ id: Uuid }, { additionalProperties: false });
const member = { kind: 'user' } as const;

export const searchRoutes = defineRoutes('search', {
  search: {
    method: 'GET',
    path: '/api/v1/search/results',
    summary:
      'Search circles, events, people and posts (at most 20 of each source): approved circles and events, public ' +
      'posts, members who allow discovery; never anyone the member blocked or who blocked them',
    access: member,
    querystring: SearchQuery,
    response: { 200: SearchResults },
  },
  suggestions: {
    method: 'GET',
    path: '/api/v1/search/suggestions',
    summary: 'At most 8 suggestions: matching titles and recent searches, then the 4 templates',
    access: member,
    querystring: Type.Object(
      { q: Type.String({ maxLength: SearchLimits.queryMaxLength }) },
      { additionalProperties: false },
    ),
    response: { 200: Type.Object({ suggestions: Type.Array(SearchSuggestion) }) },
  },
  history: {
    method: 'GET',
    path: '/api/v1/search/history',
    summary: "The member's search history, newest first (at most 20; the dialog shows the first 5)",
    access: member,
    response: { 200: Type.Object({ entries: Type.Array(SearchHistoryEntry) }) },
  },
  recordSearch: {
    method: 'POST',
    path: '/api/v1/search/history',
    summary:
      'Record a search the member ran, with its result count and filters (the same query again moves to the top)',
    access: member,
    body: RecordSearchBody,
    response: { 201: SearchHistoryEntry },
  },
  clearHistory: {
    method: 'DELETE',
    path: '/api/v1/search/history',
    summary: "Clear the member's search history",
    access: member,
    response: { 204: NoContent },
  },
  savedSearches: {
    method: 'GET',
    path: '/api/v1/search/saved',
    summary: "The member's saved searches, newest first (the dialog shows the first 3)",
    access: member,
    response: { 200: Type.Object({ savedSearches: Type.Array(SavedSearch) }) },
  },
  saveSearch: {
    method: 'POST',
    path: '/api/v1/search/saved',
    summary: 'Save a search with a name (both name and query required)',
    access: member,
    body: SaveSearchBody,
    response: { 201: SavedSearch },
  },
  updateSavedSearch: {
    method: 'PATCH',
    path: '/api/v1/search/saved/:id',
    summary: 'Turn notifications of new matches of a saved search on or off',
    access: member,
    params: SavedSearchParams,
    body: UpdateSavedSearchBody,
    response: { 200: SavedSearch },
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: '/api/v1/search/saved/:id',
    summary: 'Delete a saved search',
    access: member,
    params: SavedSearchParams,
    response: { 204: NoContent },
  },
  popular: {
    method: 'GET',
    path: '/api/v1/search/popular',
    summary:
      "The community's top 5 searches; only queries searched by at least 3 different members, and never who searched",
    access: member,
    response: { 200: Type.Object({ searches: Type.Array(PopularSearch) }) },
  },
  rebuild: {
    method: 'POST',
    path: '/api/v1/search/index/rebuild',
    summary:
      'Rebuild the read model from scratch by replaying the streams it is built from (operator; the index is derived data)',
    access: { kind: 'operator' },
    response: { 202: RebuildStarted },
  },
});
