import { useCallback, useMemo, useState } from 'react';
import type { City } from '@mer/contracts';
import { Link, useLocation, useSearchParams } from '@mer/router';
import { Alert, Button, PagePlaceholder, buttonClassName, cx } from '@mer/design-system';
import { isMembershipActive, useMemberProfile, useMembership } from '@mer/server-state';
import { reloadEventLists, useCity, useEvents, useMyCityId, type EventListFilter } from '../api/events.ts';
import { ALL_EVENTS_GUARD_TEXT, EVENTS_GUARD_TEXT, eventsGuard } from '../domain/events-guard.ts';
import { useRsvpRealtime } from '../hooks/useRsvpRealtime.ts';
import { CityPicker } from './CityPicker.tsx';
import { CalendarFeedPanel } from './CalendarFeedPanel.tsx';
import { EventList } from './EventList.tsx';
import { CalmState, EmptyState, LoadError } from './PageStates.tsx';

const TABS = [
  { id: 'near', label: 'Upcoming near me' },
  { id: 'this-week', label: 'This week' },
  { id: 'mine', label: 'My events' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const chipClassName = (selected: boolean) =>
  cx(
    'min-h-9 shrink-0 rounded-full px-3.5 text-sm ring-1 ring-inset transition focus-visible:outline-2 focus-visible:outline-sage-500',
    selected ? 'bg-ink-800 text-white ring-ink-800' : 'bg-white text-ink-700 ring-sand-300 hover:bg-sand-100',
  );

const coordinates = (city: { latitude: number; longitude: number }) =>
  `${city.latitude.toFixed(4)},${city.longitude.toFixed(4)}`;

/**
 * /events (upcoming near me, this week, my events; or around another city) and /all-events (every approved
 * upcoming event). The view lives in the address (?view=), so a reload keeps it. Lists refresh live when
 * members answer (through /ws, 300 ms after the last answer).
 */
export default function EventsBrowser() {
  const allEvents = useLocation().pathname === '/all-events';
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get('view'))?.id ?? 'near';
  const [pickedCity, setPickedCity] = useState<City | null>(null);
  const [includePast, setIncludePast] = useState(false);

  const profile = useMemberProfile();
  const { membership, isLoading: membershipLoading } = useMembership();
  const decision = eventsGuard({
    allEvents,
    profile: profile.profile,
    profileLoading: profile.isLoading,
    membershipActive: isMembershipActive(membership),
    membershipLoading,
  });
  const myCityId = useMyCityId();
  const myCity = useCity(decision === 'show' && !allEvents ? (myCityId.data ?? null) : null);
  const around = pickedCity ?? myCity.data ?? null;

  const filter = useMemo<EventListFilter>(() => {
    if (allEvents) return { view: includePast ? 'all' : 'upcoming' };
    if (tab === 'mine') return { view: 'mine' };
    const near = around ? coordinates(around) : undefined;
    return { view: tab === 'this-week' ? 'this-week' : 'upcoming', ...(near ? { near } : {}) };
  }, [allEvents, includePast, tab, around]);
  const waitingForCity = !allEvents && tab === 'near' && !around && (myCityId.isPending || myCity.isLoading);
  const events = useEvents(filter, decision === 'show' || decision === 'show-without-city');
  const list = useMemo(() => events.data?.pages.flatMap((p) => p.events) ?? [], [events.data]);
  const { fetchNextPage } = events;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useRsvpRealtime(() => void reloadEventLists());

  if (decision === 'wait') return <PagePlaceholder label="Loading events…" />;
  if (decision === 'needs-membership')
    return (
      <CalmState
        title="All events is for members"
        action={
          <>
            <Link to="/membership" className={buttonClassName('primary')}>
              See memberships
            </Link>
            <Link to="/events" className={buttonClassName('secondary')}>
              Events near you
            </Link>
          </>
        }
      >
        {ALL_EVENTS_GUARD_TEXT}
      </CalmState>
    );

  function choose(next: Tab) {
    const search = new URLSearchParams(params);
    if (next === 'near') search.delete('view');
    else search.set('view', next);
    setParams(search);
  }

  const listLabel = allEvents
    ? 'All events'
    : `${TABS.find((t) => t.id === tab)!.label}${around && tab !== 'mine' ? ` around ${around.label}` : ''}`;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-5 sm:px-4 sm:py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl text-ink-900">{allEvents ? 'All events' : 'Events'}</h1>
          <p className="mt-1 text-ink-600">{allEvents ? ALL_EVENTS_GUARD_TEXT : EVENTS_GUARD_TEXT}</p>
          <nav aria-label="Events and circles" className="mt-2 flex flex-wrap gap-4 text-sm font-medium">
            <Link to={allEvents ? '/events' : '/all-events'} className="text-sage-700 hover:underline">
              {allEvents ? 'Events near you' : 'All events'}
            </Link>
            <Link to="/circles" className="text-sage-700 hover:underline">
              Circles
            </Link>
            <Link to="/discover" className="text-sage-700 hover:underline">
              Discover
            </Link>
          </nav>
        </div>
        <Link to="/create-event" className={buttonClassName('primary')}>
          Create an event
        </Link>
      </header>

      {allEvents ? (
        <label className="flex items-center gap-2 text-sm text-ink-700">
          <input type="checkbox" checked={includePast} onChange={(e) => setIncludePast(e.target.checked)} />
          Include past events
        </label>
      ) : (
        <>
          <nav aria-label="Event views" className="flex gap-2 overflow-x-auto pb-1">
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                aria-pressed={tab === t.id}
                className={chipClassName(tab === t.id)}
                onClick={() => choose(t.id)}
              >
                {t.label}
              </button>
            ))}
          </nav>
          {tab !== 'mine' ? (
            <div className="max-w-md">
              <CityPicker
                label="Events by city"
                onPick={setPickedCity}
                hint={
                  decision === 'show-without-city'
                    ? 'Your profile could not be read just now: pick a city to see the events around it.'
                    : 'Pick a city to see the events within 50 km of it.'
                }
              />
              {pickedCity ? (
                <Button variant="ghost" size="sm" className="mt-1" onClick={() => setPickedCity(null)}>
                  Back to my city
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      )}

      {waitingForCity || events.isPending ? (
        <PagePlaceholder label="Loading events…" />
      ) : events.isError ? (
        <LoadError title="We couldn't load the events" onRetry={() => void events.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState>
          {tab === 'mine' && !allEvents
            ? "You're not going to any events yet. Find one near you, or create your own."
            : 'No upcoming events here yet. Why not create one?'}
        </EmptyState>
      ) : (
        <EventList
          events={list}
          label={listLabel}
          hasMore={Boolean(events.hasNextPage)}
          loadingMore={events.isFetchingNextPage}
          onLoadMore={loadMore}
        />
      )}
      {!allEvents && tab === 'mine' ? (
        <section aria-label="Your calendar feed" className="space-y-2">
          <h2 className="font-display text-xl text-ink-900">Your calendar feed</h2>
          <CalendarFeedPanel />
        </section>
      ) : null}
      {!allEvents && tab === 'near' && !around && !waitingForCity ? (
        <Alert tone="info" title="No city on your profile">
          Showing upcoming events everywhere. Pick a city above to see the ones near it.
        </Alert>
      ) : null}
    </div>
  );
}
