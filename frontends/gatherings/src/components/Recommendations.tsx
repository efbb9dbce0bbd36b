import type { Circle, MerEvent, RecommendationReason } from '@mer/contracts';
import { Link } from '@mer/router';
import { Button, PagePlaceholder } from '@mer/design-system';
import { useDismissRecommendation, useRecommendations } from '../api/recommendations.ts';
import { reloadEventLists } from '../api/events.ts';
import { useRsvpRealtime } from '../hooks/useRsvpRealtime.ts';
import { CircleCard } from './CircleCard.tsx';
import { EventCard } from './EventCard.tsx';
import { EmptyState, LoadError } from './PageStates.tsx';

function Reasons({ reasons }: { reasons: RecommendationReason[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul aria-label="Why we suggest it" className="flex flex-wrap gap-x-3 text-sm text-sage-800">
      {reasons.map((r) => (
        <li key={r.code}>• {r.text}</li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="font-display text-2xl text-ink-900">{title}</h2>
      {children}
    </section>
  );
}

function SuggestedEvent({ event, reasons }: { event: MerEvent; reasons: RecommendationReason[] }) {
  const dismiss = useDismissRecommendation();
  return (
    <li className="space-y-1">
      <EventCard event={event} />
      <div className="flex flex-wrap items-center justify-between gap-2 px-2">
        <Reasons reasons={reasons} />
        <Button
          variant="ghost"
          size="sm"
          loading={dismiss.isPending}
          aria-label={`Not interested in ${event.title}`}
          onClick={() => dismiss.mutate({ kind: 'event', id: event.id })}
        >
          Not interested
        </Button>
      </div>
    </li>
  );
}

function SuggestedCircle({ circle, reasons }: { circle: Circle; reasons: RecommendationReason[] }) {
  const dismiss = useDismissRecommendation();
  return (
    <li>
      <CircleCard circle={circle}>
        <Reasons reasons={reasons} />
        <Button
          variant="ghost"
          size="sm"
          loading={dismiss.isPending}
          aria-label={`Not interested in ${circle.name}`}
          onClick={() => dismiss.mutate({ kind: 'circle', id: circle.id })}
        >
          Not interested
        </Button>
      </CircleCard>
    </li>
  );
}

/**
 * /discover (what is for you: suggested events and circles, each with its reasons in plain words, then new
 * circles) and /engage (what is alive now: trending events, then the suggestions). The suggestions come from a
 * model events-circles trains on the community's own data; nothing leaves MER.
 */
export default function Recommendations({ page }: { page: 'discover' | 'engage' }) {
  const recommendations = useRecommendations();
  useRsvpRealtime(() => void reloadEventLists());
  if (recommendations.isPending) return <PagePlaceholder label="Finding gatherings for you…" />;
  const heading = page === 'discover' ? 'Discover' : 'Engage';
  const intro =
    page === 'discover'
      ? 'Events and circles picked for you, from your practices, your city and the people you know.'
      : 'What the community is gathering around right now.';
  if (recommendations.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="mb-4 font-display text-3xl text-ink-900">{heading}</h1>
        <LoadError title="We couldn't load your suggestions" onRetry={() => void recommendations.refetch()} />
      </div>
    );
  const { events, circles, trendingEvents, newCircles } = recommendations.data;
  const forYou = (
    <>
      <Section title="Events for you">
        {events.length === 0 ? (
          <EmptyState>
            No suggestions yet. Join a circle or answer an event, and we'll learn what you like.
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {events.map((r) => (
              <SuggestedEvent key={r.event.id} event={r.event} reasons={r.reasons} />
            ))}
          </ul>
        )}
      </Section>
      <Section title="Circles for you">
        {circles.length === 0 ? (
          <EmptyState>No circle suggestions yet.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {circles.map((r) => (
              <SuggestedCircle key={r.circle.id} circle={r.circle} reasons={r.reasons} />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
  const trending = (
    <Section title="Trending events">
      {trendingEvents.length === 0 ? (
        <EmptyState>Nothing trending this week yet.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {trendingEvents.map((e) => (
            <li key={e.id}>
              <EventCard event={e} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
  const fresh = (
    <Section title="New circles">
      {newCircles.length === 0 ? (
        <EmptyState>No new circles this week.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {newCircles.map((c) => (
            <li key={c.id}>
              <CircleCard circle={c} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-5 sm:px-4 sm:py-8">
      <header>
        <h1 className="font-display text-3xl text-ink-900">{heading}</h1>
        <p className="mt-1 text-ink-600">{intro}</p>
        <nav aria-label="Gatherings" className="mt-2 flex flex-wrap gap-4 text-sm font-medium">
          <Link to={page === 'discover' ? '/engage' : '/discover'} className="text-sage-700 hover:underline">
            {page === 'discover' ? 'Engage' : 'Discover'}
          </Link>
          <Link to="/events" className="text-sage-700 hover:underline">
            Events
          </Link>
          <Link to="/circles" className="text-sage-700 hover:underline">
            Circles
          </Link>
        </nav>
      </header>
      {page === 'discover' ? (
        <>
          {forYou}
          {fresh}
        </>
      ) : (
        <>
          {trending}
          {fresh}
          {forYou}
        </>
      )}
    </div>
  );
}
