import type { ReactNode } from 'react';
import { Link } from '@mer/router';
import { toApiError } from '@mer/api-client';
import { Alert, Button, Card, LeafIcon, buttonClassName } from '@mer/design-system';

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
        <div className="mt-7 flex flex-wrap justify-center gap-3">{action}</div>
      </Card>
    </div>
  );
}

export function NotFoundState({ what, back }: { what: string; back: { to: string; label: string } }) {
  return (
    <CalmState
      title={`We couldn't find this ${what}`}
      action={
        <Link to={back.to} className={buttonClassName('primary')}>
          {back.label}
        </Link>
      }
    >
      It may have been removed or is waiting for review, or the link may be incomplete.
    </CalmState>
  );
}

/**
 * A list or panel that could not load, with Try Again. A refusal (403: e.g. a circle's tabs for a member who has
 * not joined) is no failure: the service's reason is shown calmly, without a retry.
 */
export function LoadError({
  title,
  onRetry,
  error,
}: {
  title: string;
  onRetry: () => void;
  error?: unknown;
}) {
  if (error !== undefined && toApiError(error).status === 403)
    return <EmptyState>{toApiError(error).message}</EmptyState>;
  return (
    <Alert tone="error" title={title}>
      <p>This might be due to a temporary connection issue.</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-[var(--radius-card)] bg-white p-8 text-center text-ink-600 shadow-soft">
      {children}
    </p>
  );
}
