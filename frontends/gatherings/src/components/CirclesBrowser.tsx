import type { Circle } from '@mer/contracts';
import { useMemo, useState } from 'react';
import { Link, useLocation } from '@mer/router';
import { Button, PagePlaceholder, TextField, buttonClassName } from '@mer/design-system';
import { useCircles } from '../api/circles.ts';
import { CircleCard } from './CircleCard.tsx';
import { EmptyState, LoadError } from './PageStates.tsx';

/**
 * /circles: the member's own circles (including the ones waiting for approval) and the newest approved ones.
 * /all-circles: every approved circle, searchable, most members first. Only approved circles are listed to others.
 */
export default function CirclesBrowser() {
  const all = useLocation().pathname === '/all-circles';
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const mine = useCircles({ view: 'mine', q: '' });
  const others = useCircles({ view: all ? 'popular' : 'new', q: all ? q : '' });
  const myCircles = useMemo(() => mine.data?.pages.flatMap((p) => p.circles) ?? [], [mine.data]);
  const listed = useMemo(() => others.data?.pages.flatMap((p) => p.circles) ?? [], [others.data]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-5 sm:px-4 sm:py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl text-ink-900">{all ? 'All circles' : 'Circles'}</h1>
          <p className="mt-1 text-ink-600">Small groups that practise, learn and meet together.</p>
          <nav aria-label="Circles and events" className="mt-2 flex flex-wrap gap-4 text-sm font-medium">
            <Link to={all ? '/circles' : '/all-circles'} className="text-sage-700 hover:underline">
              {all ? 'My circles' : 'All circles'}
            </Link>
            <Link to="/events" className="text-sage-700 hover:underline">
              Events
            </Link>
            <Link to="/discover" className="text-sage-700 hover:underline">
              Discover
            </Link>
          </nav>
        </div>
        <Link to="/create-circle" className={buttonClassName('primary')}>
          Create a circle
        </Link>
      </header>

      {all ? (
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setQ(typed.trim());
          }}
        >
          <TextField
            label="Search circles"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            containerClassName="flex-1"
            maxLength={100}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      ) : (
        <CircleSection
          title="Your circles"
          query={mine}
          circles={myCircles}
          empty="You haven't joined a circle yet."
        />
      )}
      <CircleSection
        title={all ? (q ? `Circles matching “${q}”` : 'Every circle') : 'New circles'}
        query={others}
        circles={listed}
        empty={all ? 'No circles found.' : 'No new circles yet. Why not start one?'}
      />
    </div>
  );
}

function CircleSection({
  title,
  query,
  circles,
  empty,
}: {
  title: string;
  query: ReturnType<typeof useCircles>;
  circles: Circle[];
  empty: string;
}) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="font-display text-2xl text-ink-900">{title}</h2>
      {query.isPending ? (
        <PagePlaceholder label="Loading circles…" />
      ) : query.isError ? (
        <LoadError title="We couldn't load the circles" onRetry={() => void query.refetch()} />
      ) : circles.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {circles.map((c) => (
            <li key={c.id}>
              <CircleCard circle={c} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="ghost" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show more circles
        </Button>
      ) : null}
    </section>
  );
}
