import '../styles.css';
import { useEffect, useId, useRef, useState } from 'react';
import { toApiError } from '@mer/api-client';
import { Link, useLocation, useNavigate } from '@mer/router';
import { Button, SearchIcon, Spinner, buttonClassName, cx, fieldInputClassName } from '@mer/design-system';
import { useDiscovery, useLiveConnectionUpdates } from '../api/social-graph-hooks.ts';
import { CalmState } from '../components/PageStates.tsx';
import { MembershipNotice } from '../components/connections/MembershipNotice.tsx';
import { PersonCard } from '../components/connections/PersonCard.tsx';
import { ActiveFilterChips, FilterPanel } from '../components/people/FilterPanel.tsx';
import { RecommendationsStrip } from '../components/people/RecommendationsStrip.tsx';
import { SOCIAL_PRELOAD_DELAY_MS, shouldPreload, type ConnectionHints } from '../domain/route-preload.ts';
import {
  EMPTY_FILTERS,
  MAX_QUERY_LENGTH,
  SEARCH_DEBOUNCE_MS,
  filtersFromSearch,
  isNarrowed,
  searchFromFilters,
  type PeopleFilters,
} from '../domain/people-filters.ts';

/** Loads the next page when the end of the list scrolls into view (and a button does the same for keyboards). */
function useLoadMoreWhenVisible(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

function Results({ filters, onClear }: { filters: PeopleFilters; onClear: () => void }) {
  const discovery = useDiscovery(filters);
  const people = discovery.data?.pages.flatMap((p) => p.people) ?? [];
  const canLoadMore = Boolean(discovery.hasNextPage) && !discovery.isFetchingNextPage;
  const sentinel = useLoadMoreWhenVisible(() => {
    if (canLoadMore) void discovery.fetchNextPage();
  }, canLoadMore);

  if (discovery.isPending)
    return (
      <div role="status" className="flex justify-center py-16">
        <Spinner size="lg" className="text-sage-500" />
        <span className="sr-only">Finding members…</span>
      </div>
    );
  if (discovery.isError)
    return (
      <CalmState
        title="We couldn't load members"
        action={<Button onClick={() => void discovery.refetch()}>Try Again</Button>}
      >
        {toApiError(discovery.error).message}
      </CalmState>
    );
  if (people.length === 0)
    return isNarrowed(filters) ? (
      <div className="py-12 text-center">
        <h2 className="font-display text-2xl text-ink-900">No one matches this search yet</h2>
        <p className="mx-auto mt-2 max-w-md text-ink-600">
          Try fewer filters or a wider distance: kindred spirits may be a little further away.
        </p>
        <Button className="mt-5" variant="secondary" onClick={onClear}>
          Clear search and filters
        </Button>
      </div>
    ) : (
      <div className="py-12 text-center">
        <h2 className="font-display text-2xl text-ink-900">You're among the first here</h2>
        <p className="mx-auto mt-2 max-w-md text-ink-600">
          No other members are showing in discovery yet. Say hello in the community while it grows.
        </p>
        <Link to="/community" className={buttonClassName('primary', 'md', 'mt-5')}>
          Go to the community
        </Link>
      </div>
    );

  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Members">
        {people.map((person) => (
          <li key={person.userId}>
            <PersonCard person={person} source="people" />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="mt-6 flex justify-center">
        {discovery.hasNextPage ? (
          <Button
            variant="secondary"
            loading={discovery.isFetchingNextPage}
            onClick={() => void discovery.fetchNextPage()}
          >
            Show more members
          </Button>
        ) : (
          <p className="text-sm text-ink-500">That's everyone for this search.</p>
        )}
      </div>
    </>
  );
}

/** After 3 s on /people, fetch the profile page's code (not on slow or save-data connections). */
function usePreloadProfilePage() {
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    if (!shouldPreload(connection)) return;
    const timer = setTimeout(
      () => void import('./ProfilePage.tsx').catch(() => undefined),
      SOCIAL_PRELOAD_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, []);
}

/**
 * /people: find members by name or username, narrow with filter chips, and connect. The search lives in the
 * URL; typing waits 300 ms before it searches.
 */
export default function PeoplePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersFromSearch(location.search);
  const [text, setText] = useState(filters.q);
  const searchId = useId();
  useLiveConnectionUpdates();
  usePreloadProfilePage();

  const apply = (next: PeopleFilters) =>
    navigate({ pathname: '/people', search: searchFromFilters(next) }, { replace: true });

  // The text box searches 300 ms after typing stops.
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => apply({ ...filters, q: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing starts a search; the filters are read when it fires.
  }, [text]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <header>
        <h1 className="font-display text-3xl text-ink-900 sm:text-4xl">People</h1>
        <p className="mt-1 text-ink-600">Find kindred spirits and grow your circle of connections.</p>
      </header>

      <MembershipNotice className="mt-5" />
      <form role="search" className="mt-5" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={searchId} className="sr-only">
          Search people by name or username
        </label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-400"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            value={text}
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Search by name or username"
            onChange={(e) => setText(e.target.value)}
            className={cx(fieldInputClassName, 'border-sand-300 pl-12')}
          />
        </div>
      </form>

      <div className="mt-3 flex flex-col gap-3">
        <FilterPanel filters={filters} onChange={apply} />
        <ActiveFilterChips filters={filters} onChange={apply} />
      </div>

      {isNarrowed(filters) ? null : <RecommendationsStrip />}

      <section aria-labelledby="members-heading" className="mt-8">
        <h2 id="members-heading" className="mb-3 font-display text-xl text-ink-900">
          {isNarrowed(filters) ? 'Results' : 'Members'}
        </h2>
        <Results
          filters={filters}
          onClear={() => {
            setText('');
            apply(EMPTY_FILTERS);
          }}
        />
      </section>
    </div>
  );
}
