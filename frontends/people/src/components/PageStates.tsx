import type { ReactNode } from 'react';
import { Link } from '@mer/router';
import { Button, Card, LeafIcon, PagePlaceholder, buttonClassName } from '@mer/design-system';

export function LoadingState() {
  return <PagePlaceholder />;
}

/** A calm full-card message (not found, could not load). */
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
      <Card tone="white" padding="lg" className="relative w-full overflow-hidden text-center">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-20 size-64 rounded-full bg-sage-100/70 blur-2xl"
        />
        <div className="relative">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-sage-100 text-sage-700">
            <LeafIcon className="size-7" />
          </span>
          <h1 className="mt-5 font-display text-2xl text-ink-900 sm:text-3xl">{title}</h1>
          <div className="mx-auto mt-3 max-w-md leading-relaxed text-ink-600">{children}</div>
          {action ? <div className="mt-7 flex flex-wrap justify-center gap-3">{action}</div> : null}
        </div>
      </Card>
    </div>
  );
}

export function MemberNotFound() {
  return (
    <CalmState
      title="We couldn't find this member"
      action={
        <Link to="/community" className={buttonClassName('primary')}>
          Back to the community
        </Link>
      }
    >
      The profile may have been removed, or the link may be incomplete.
    </CalmState>
  );
}

export function ProfileLoadFailed({ onRetry, message }: { onRetry: () => void; message?: string }) {
  return (
    <CalmState title="Profile Loading Issue" action={<Button onClick={onRetry}>Try again</Button>}>
      {message ??
        "We're having trouble loading your profile. This might be due to a temporary connection issue."}
    </CalmState>
  );
}
