import { Component, type ErrorInfo, type ReactNode } from 'react';
import { timing } from '@mer/api-client';
import { Button, Card, RefreshIcon, Spinner, buttonClassName } from '@mer/design-system';
import {
  MAX_CONNECTION_RETRIES,
  connectionRetryDelayMs,
  isRecoverableConnectionError,
  retryAttemptText,
} from '../../domain/connection-retry.ts';

/** Spec 001 section 8: the 'Connection Error' full page for connection lists. */
export function ConnectionErrorPage({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-lg items-center px-4 py-12">
      <Card tone="white" padding="lg" className="w-full text-center" role="alert">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-sand-100 text-sand-700">
          <RefreshIcon className="size-7" />
        </span>
        <h1 className="mt-5 font-display text-2xl text-ink-900 sm:text-3xl">Connection Error</h1>
        <p className="mx-auto mt-3 max-w-sm leading-relaxed text-ink-600">
          We're having trouble loading your connections. This might be a temporary issue.
        </p>
        <div className="mt-7 flex flex-col items-stretch gap-3 sm:flex-row sm:justify-center">
          <Button onClick={onTryAgain}>Try Again</Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
          <a href="/" className={buttonClassName('ghost')}>
            Go Home
          </a>
        </div>
      </Card>
    </div>
  );
}

function RetryingConnections({ attempt }: { attempt: number }) {
  return (
    <div
      role="status"
      className="flex min-h-[40dvh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <Spinner size="lg" className="text-sage-500" />
      <p className="font-display text-xl text-ink-800">Reconnecting…</p>
      <p className="text-sm text-ink-500">{retryAttemptText(attempt)}</p>
    </div>
  );
}

interface Props {
  /** Called before the lists render again (to reset the failed queries so they load afresh). */
  onReset: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  retriesMade: number;
  retrying: boolean;
}

/**
 * The connection error boundary (spec 001 section 4): recoverable errors (security, network, fetch, chunk
 * loading) are retried automatically at most 2 times, 1 s plus 1 s per retry already made, showing
 * 'Retry attempt: n/2'; after that, or for any other error, the 'Connection Error' page.
 */
export class ConnectionErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retriesMade: 0, retrying: false };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[MER] connections failed to load', error, info.componentStack);
    if (isRecoverableConnectionError(error) && this.state.retriesMade < MAX_CONNECTION_RETRIES) {
      const retriesMade = this.state.retriesMade;
      this.setState({ retrying: true });
      this.timer = setTimeout(
        () => {
          this.props.onReset();
          this.setState({ error: null, retrying: false, retriesMade: retriesMade + 1 });
        },
        connectionRetryDelayMs(retriesMade, timing('errorRetryBaseMs')),
      );
    }
  }

  override componentWillUnmount() {
    clearTimeout(this.timer);
  }

  private tryAgain = () => {
    clearTimeout(this.timer);
    this.props.onReset();
    this.setState({ error: null, retrying: false, retriesMade: 0 });
  };

  override render() {
    const { error, retrying, retriesMade } = this.state;
    if (!error) return this.props.children;
    if (retrying) return <RetryingConnections attempt={retriesMade + 1} />;
    return <ConnectionErrorPage onTryAgain={this.tryAgain} />;
  }
}
