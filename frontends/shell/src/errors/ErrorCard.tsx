import { Button, Card, AlertIcon, buttonClassName, Spinner } from '@mer/design-system';

export interface ErrorCardProps {
  context: string;
  critical?: boolean;
  message?: string;
  onTryAgain: () => void;
}

/** The generic error card: 'Something went wrong' (or 'Critical Error') with 'An error occurred in {context}'. */
export function ErrorCard({ context, critical, message, onTryAgain }: ErrorCardProps) {
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-lg items-center px-4 py-12">
      <Card padding="lg" className="w-full text-center" role="alert">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-clay-50 text-clay-600">
          <AlertIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold">
          {critical ? 'Critical Error' : 'Something went wrong'}
        </h1>
        <p className="mt-2 text-ink-600">An error occurred in {context}</p>
        <p className="mt-1 text-sm text-ink-500">
          {typeof navigator !== 'undefined' && !navigator.onLine
            ? 'You seem to be offline. This page needs a connection the first time you open it; try again once you are back online.'
            : message || 'An unexpected error occurred'}
        </p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          <Button onClick={onTryAgain}>Try Again</Button>
          <a href="/" className={buttonClassName('secondary')}>
            Go Home
          </a>
        </div>
      </Card>
    </div>
  );
}

export function RetryingCard({ attempt, max }: { attempt: number; max: number }) {
  return (
    <div
      role="status"
      className="flex min-h-[50dvh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <Spinner size="lg" className="text-sage-500" />
      <p className="font-display text-xl text-ink-800">Reconnecting…</p>
      <p className="text-sm text-ink-500">
        Retry attempt: {attempt}/{max}
      </p>
    </div>
  );
}
