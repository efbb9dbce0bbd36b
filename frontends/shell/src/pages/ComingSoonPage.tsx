import { Link } from '@mer/router';
import { Card, LeafIcon, buttonClassName } from '@mer/design-system';
import { useSessionStore } from '@mer/api-client';
import { REMOTE_AREAS, type RouteEntry } from '../routes/route-table.ts';

/** Shown inside the frame for an area whose micro-frontend is not deployed yet. */
export function ComingSoonPage({ remote, title }: { remote: RouteEntry['remote']; title: string }) {
  const area = REMOTE_AREAS[remote] ?? { name: title, description: '' };
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  return (
    <div className="mx-auto flex min-h-[70dvh] max-w-2xl items-center px-4 py-12">
      <Card tone="white" padding="lg" className="relative w-full overflow-hidden text-center">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-20 size-64 rounded-full bg-sage-100/70 blur-2xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-28 -left-16 size-64 rounded-full bg-sand-200/70 blur-2xl"
        />
        <div className="relative">
          <span className="mx-auto grid size-16 place-items-center rounded-full bg-sage-100 text-sage-700">
            <LeafIcon className="size-8" />
          </span>
          <p className="mt-6 text-sm font-semibold tracking-[0.14em] text-sage-700 uppercase">{area.name}</p>
          <h1 className="mt-2 text-3xl font-semibold text-ink-900 sm:text-4xl">{title} is coming soon</h1>
          <p className="mx-auto mt-4 max-w-md leading-relaxed text-ink-600">
            {area.description} We are tending to this space with care, and it will open here shortly.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={signedIn ? '/community' : '/'} className={buttonClassName('primary')}>
              {signedIn ? 'Back to the community' : 'Back to the home page'}
            </Link>
          </div>
        </div>
      </Card>
    </div>
  );
}
