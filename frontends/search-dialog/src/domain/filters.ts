import type { SearchFilters, SearchResultType } from '@mer/contracts';

export const RESULT_TYPES: { type: SearchResultType; label: string }[] = [
  { type: 'circle', label: 'Circles' },
  { type: 'event', label: 'Events' },
  { type: 'person', label: 'People' },
  { type: 'post', label: 'Posts' },
];

export const TYPE_LABEL: Record<SearchResultType, string> = {
  circle: 'Circle',
  event: 'Event',
  person: 'Person',
  post: 'Post',
};

/**
 * The filters popover's count badge: one per chosen type, location and category, one for a date range and one
 * for a sort order other than relevance (the default).
 */
export function activeFilterCount(filters: SearchFilters): number {
  return (
    (filters.types?.length ?? 0) +
    (filters.locations?.length ?? 0) +
    (filters.categories?.length ?? 0) +
    (filters.dateRange?.start || filters.dateRange?.end ? 1 : 0) +
    (filters.sortBy && filters.sortBy !== 'relevance' ? 1 : 0)
  );
}

/** A comma-separated field ("Berlin, Lisbon") as the filter's list. */
export function listOf(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
