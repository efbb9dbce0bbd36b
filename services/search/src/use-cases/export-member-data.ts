import { MEMBER_DATA_EXPORT_VERSION, type SearchDataExport } from '@mer/contracts';
import { searchesOf } from '../db/member-searches.repository.ts';
import type { SearchDeps } from '../deps.ts';

/** The member's part of "Download my data": their history and saved searches (the index is other services' data). */
export async function exportMemberData(deps: SearchDeps, memberId: string): Promise<SearchDataExport> {
  const { history, saved } = await searchesOf(deps.db, memberId);
  return {
    service: 'search',
    exportedAt: new Date().toISOString(),
    version: MEMBER_DATA_EXPORT_VERSION,
    data: {
      history: history.map((h) => ({
        query: h.query,
        searchedAt: h.searched_at.toISOString(),
        resultCount: h.result_count,
        filters: h.filters,
      })),
      savedSearches: saved.map((s) => ({
        name: s.name,
        query: s.query,
        filters: s.filters,
        notificationsEnabled: s.notifications_enabled,
        createdAt: s.created_at.toISOString(),
      })),
    },
  };
}
