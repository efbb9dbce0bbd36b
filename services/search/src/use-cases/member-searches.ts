import { randomUUID } from 'node:crypto';
import {
  SearchLimits,
  SearchTexts,
  SearchThreatDetected,
  type SavedSearch,
  type SearchFilters,
  type SearchHistoryEntry,
} from '@mer/contracts';
import { authenticationError, invalidData, notFound } from '@mer/service-runtime';
import { sanitise, securityEvent } from '@mer/text-sanitiser';
import {
  clearHistory,
  countSearcher,
  deleteSavedSearch,
  insertSavedSearch,
  listHistory,
  listSavedSearches,
  popularQueries,
  recordHistoryEntry,
  setSavedSearchNotifications,
} from '../db/member-searches.repository.ts';
import type { SavedSearchRow, SearchHistoryRow } from '../db/tables.ts';
import type { SearchDeps } from '../deps.ts';
import { normaliseText } from '../domain/matching.ts';

/** A query searched by fewer members is never shown as popular (nobody can tell who searched what). */
export const POPULAR_MIN_MEMBERS = 3;

type TextField = 'query' | 'name';

/**
 * Member text on its way in (queries and names are stored and shown back): the one sanitiser, plain text. Threats
 * are published in a transaction of their own, so a refused hostile input still reaches the security log.
 */
async function cleanText(
  deps: SearchDeps,
  memberId: string,
  field: TextField,
  input: unknown,
  maxLength: number,
  requiredMessage: string,
): Promise<string> {
  const result = sanitise(input, { maxLength });
  if (result.threats.length) {
    const payload = securityEvent(result, { service: 'search', userId: memberId, field });
    await deps.transaction((tx) => tx.publish(SearchThreatDetected, payload));
  }
  if (!result.ok) throw invalidData('Invalid Data', result.error, field);
  if (result.value === '') throw invalidData('Invalid Data', requiredMessage, field);
  return result.value;
}

function toHistoryEntry(row: SearchHistoryRow): SearchHistoryEntry {
  return {
    id: row.id,
    query: row.query,
    timestamp: row.searched_at.toISOString(),
    resultCount: row.result_count,
    filters: (row.filters ?? {}) as SearchFilters,
  };
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    filters: (row.filters ?? {}) as SearchFilters,
    createdAt: row.created_at.toISOString(),
    notificationsEnabled: row.notifications_enabled,
  };
}

export async function myHistory(
  deps: SearchDeps,
  memberId: string,
): Promise<{ entries: SearchHistoryEntry[] }> {
  return { entries: (await listHistory(deps.db, memberId, SearchLimits.historyEntries)).map(toHistoryEntry) };
}

/**
 * A search the member ran joins their history (the newest 20 are kept) and counts once, anonymously, towards the
 * community's popular searches.
 */
export async function recordSearch(
  deps: SearchDeps,
  memberId: string,
  body: { query: string; resultCount: number; filters?: SearchFilters },
): Promise<SearchHistoryEntry> {
  const query = await cleanText(
    deps,
    memberId,
    'query',
    body.query,
    SearchLimits.queryMaxLength,
    SearchTexts.queryRequired,
  );
  const row = await deps.transaction(async (tx) => {
    await tx.members.lock(memberId);
    if (await tx.members.isErased(memberId)) throw authenticationError();
    const entry = await recordHistoryEntry(
      tx.trx,
      { id: randomUUID(), memberId, query, resultCount: body.resultCount, filters: body.filters ?? {} },
      SearchLimits.historyEntries,
    );
    await countSearcher(tx.trx, normaliseText(query), memberId);
    return entry;
  });
  return toHistoryEntry(row);
}

export async function forgetHistory(deps: SearchDeps, memberId: string): Promise<null> {
  await clearHistory(deps.db, memberId);
  return null;
}

export async function mySavedSearches(
  deps: SearchDeps,
  memberId: string,
): Promise<{ savedSearches: SavedSearch[] }> {
  return { savedSearches: (await listSavedSearches(deps.db, memberId)).map(toSavedSearch) };
}

/** "Saving a search needs a non-empty name and query." Notifications are off unless asked for. */
export async function saveSearch(
  deps: SearchDeps,
  memberId: string,
  body: { name: string; query: string; filters?: SearchFilters; notificationsEnabled?: boolean },
): Promise<SavedSearch> {
  const name = await cleanText(
    deps,
    memberId,
    'name',
    body.name,
    SearchLimits.savedNameMaxLength,
    SearchTexts.nameRequired,
  );
  const query = await cleanText(
    deps,
    memberId,
    'query',
    body.query,
    SearchLimits.queryMaxLength,
    SearchTexts.queryRequired,
  );
  const row = await deps.transaction(async (tx) => {
    await tx.members.lock(memberId);
    if (await tx.members.isErased(memberId)) throw authenticationError();
    return insertSavedSearch(tx.trx, {
      id: randomUUID(),
      memberId,
      name,
      query,
      filters: body.filters ?? {},
      notificationsEnabled: body.notificationsEnabled ?? false,
    });
  });
  return toSavedSearch(row);
}

export async function setNotifications(
  deps: SearchDeps,
  memberId: string,
  id: string,
  enabled: boolean,
): Promise<SavedSearch> {
  const row = await setSavedSearchNotifications(deps.db, memberId, id, enabled);
  if (!row) throw notFound(SearchTexts.savedSearchNotFound);
  return toSavedSearch(row);
}

export async function removeSavedSearch(deps: SearchDeps, memberId: string, id: string): Promise<null> {
  if (!(await deleteSavedSearch(deps.db, memberId, id))) throw notFound(SearchTexts.savedSearchNotFound);
  return null;
}

export async function popularSearches(
  deps: SearchDeps,
): Promise<{ searches: { query: string; count: number }[] }> {
  return { searches: await popularQueries(deps.db, SearchLimits.popular, POPULAR_MIN_MEMBERS) };
}
