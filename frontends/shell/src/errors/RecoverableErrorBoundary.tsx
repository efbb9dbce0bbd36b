import { Component, type ErrorInfo, type ReactNode } from 'react';
import { timing } from '@mer/api-client';
import { ErrorCard, RetryingCard } from './ErrorCard.tsx';
import { isRecoverableError, MAX_AUTO_RETRIES, retryDelayMs } from './recoverable.ts';

export interface RecoverableErrorBoundaryProps {
  /** What failed, for 'An error occurred in {context}'. */
  context: string;
  critical?: boolean;
  /** Called before children are rendered again (e.g. to forget a failed lazy import). */
  onRetry?: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  retriesMade: number;
  retrying: boolean;
}

/**
 * Catches render errors. Recoverable ones (security, network, fetch, chunk loading) are retried automatically at
 * most twice, 1 s + 1 s per retry apart, showing 'Retry attempt: n/2'; then, or for other errors, the error card.
 */
export class RecoverableErrorBoundary extends Component<RecoverableErrorBoundaryProps, State> {
  override state: State = { error: null, retriesMade: 0, retrying: false };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[MER] error in ${this.props.context}`, error, info.componentStack);
    if (isRecoverableError(error) && this.state.retriesMade < MAX_AUTO_RETRIES) {
      const retriesMade = this.state.retriesMade;
      this.setState({ retrying: true });
      this.timer = setTimeout(
        () => {
          this.props.onRetry?.();
          this.setState({ error: null, retrying: false, retriesMade: retriesMade + 1 });
        },
        retryDelayMs(retriesMade, timing('errorRetryBaseMs')),
      );
    }
  }

  override componentWillUnmount() {
    clearTimeout(this.timer);
  }

  private tryAgain = () => {
    clearTimeout(this.timer);
    this.props.onRetry?.();
    this.setState({ error: null, retrying: false, retriesMade: 0 });
  };

  override render() {
    const { error, retrying, retriesMade } = this.state;
    if (!error) return this.props.children;
    if (retrying) return <RetryingCard attempt={retriesMade + 1} max={MAX_AUTO_RETRIES} />;
    return (
      <ErrorCard
        context={this.props.context}
        critical={this.props.critical}
        message={error instanceof Error ? error.message : undefined}
        onTryAgain={this.tryAgain}
      />
    );
  }
}
