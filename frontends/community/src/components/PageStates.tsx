import type { ReactNode } from 'react';
import { Link } from '@mer/router';
import { Card, LeafIcon, buttonClassName } from '@mer/design-system';

/** A calm full-card message (not found, could not load), as on the other member pages. */
export function CalmState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl items-center px-4 py-12">
      <Card tone="white" padding="lg" className="w-full text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-sage-100 text-sage-700">
          <LeafIcon className="size-7" />
        </span>
        <h1 className="mt-5 font-display text-2xl text-ink-900 sm:text-3xl">{title}</h1>
        <div className="mx-auto mt-3 max-w-md leading-relaxed text-ink-600">{children}</div>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          {action ?? (
            <Link to="/community" className={buttonClassName('primary')}>
              Back to the community
            </Link>
          )}
        </div>
      </Card>
    </div>
  );
}

export function NotFoundState({ what }: { what: string }) {
  return (
    <CalmState title={`We couldn't find this ${what}`}>
      It may have been removed or hidden for review, or the link may be incomplete.
    </CalmState>
  );
}
