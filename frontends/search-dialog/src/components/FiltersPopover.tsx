import { useId } from 'react';
import type { SearchFilters, SearchResultType, SearchSortBy } from '@mer/contracts';
import { Button, CountBadge, cx } from '@mer/design-system';
import { RESULT_TYPES, activeFilterCount, listOf } from '../domain/filters.ts';

interface FiltersPopoverProps {
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const field =
  'mt-1 w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-sm text-ink-900 focus:outline-2 focus:outline-sage-600';

function dayOf(timestamp: string | undefined): string {
  return timestamp ? timestamp.slice(0, 10) : '';
}

/** The Filters button with its count badge, and the popover: types, locations, categories, dates, sort, Clear all. */
export function FiltersPopover({ filters, onChange, open, onOpenChange }: FiltersPopoverProps) {
  const popoverId = useId();
  const count = activeFilterCount(filters);
  const toggleType = (type: SearchResultType) => {
    const types = filters.types ?? [];
    const next = types.includes(type) ? types.filter((t) => t !== type) : [...types, type];
    onChange({ ...filters, types: next.length ? next : undefined });
  };
  const setDate = (edge: 'start' | 'end', day: string) => {
    const dateRange = {
      ...filters.dateRange,
      [edge]: day ? new Date(`${day}T00:00:00.000Z`).toISOString() : undefined,
    };
    onChange({ ...filters, dateRange: dateRange.start || dateRange.end ? dateRange : undefined });
  };
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={() => onOpenChange(!open)}
        className="inline-flex items-center gap-1.5 rounded-full border border-sand-300 px-3 py-1.5 text-sm font-medium text-ink-700 hover:bg-sand-100"
      >
        Filters
        <CountBadge count={count} label={`${count} active`} />
      </button>
      {open ? (
        <div
          id={popoverId}
          role="group"
          aria-label="Search filters"
          className={cx(
            'absolute right-0 z-10 mt-2 w-72 rounded-[var(--radius-card)] bg-white p-4 text-sm shadow-lift',
          )}
        >
          <fieldset>
            <legend className="font-semibold text-ink-800">Type</legend>
            <div className="mt-1 grid grid-cols-2 gap-1">
              {RESULT_TYPES.map(({ type, label }) => (
                <label key={type} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={filters.types?.includes(type) ?? false}
                    onChange={() => toggleType(type)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="mt-3 block font-semibold text-ink-800">
            Locations
            <input
              key={filters.locations?.join(', ') ?? ''}
              className={field}
              defaultValue={filters.locations?.join(', ') ?? ''}
              placeholder="Berlin, Lisbon"
              onBlur={(e) => {
                const locations = listOf(e.currentTarget.value);
                onChange({ ...filters, locations: locations.length ? locations : undefined });
              }}
            />
          </label>
          <label className="mt-3 block font-semibold text-ink-800">
            Categories
            <input
              key={filters.categories?.join(', ') ?? ''}
              className={field}
              defaultValue={filters.categories?.join(', ') ?? ''}
              placeholder="Yoga, Meditation"
              onBlur={(e) => {
                const categories = listOf(e.currentTarget.value);
                onChange({ ...filters, categories: categories.length ? categories : undefined });
              }}
            />
          </label>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <label className="block font-semibold text-ink-800">
              From
              <input
                type="date"
                className={field}
                value={dayOf(filters.dateRange?.start)}
                onChange={(e) => setDate('start', e.currentTarget.value)}
              />
            </label>
            <label className="block font-semibold text-ink-800">
              To
              <input
                type="date"
                className={field}
                value={dayOf(filters.dateRange?.end)}
                onChange={(e) => setDate('end', e.currentTarget.value)}
              />
            </label>
          </div>
          <label className="mt-3 block font-semibold text-ink-800">
            Sort by
            <select
              className={field}
              value={filters.sortBy ?? 'relevance'}
              onChange={(e) => onChange({ ...filters, sortBy: e.currentTarget.value as SearchSortBy })}
            >
              <option value="relevance">Relevance</option>
              <option value="date">Date</option>
              <option value="popularity">Popularity</option>
            </select>
          </label>
          <div className="mt-4 flex justify-end">
            <Button variant="ghost" size="sm" disabled={count === 0} onClick={() => onChange({})}>
              Clear all
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
