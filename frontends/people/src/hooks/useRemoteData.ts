import { useCallback, useEffect, useState } from 'react';
import { toApiError, type ApiError } from '@mer/api-client';

export type RemoteData<T> =
  { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: ApiError };

/** Loads data once per key (aborting a stale load), with a retry. */
export function useRemoteData<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<RemoteData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error: toApiError(error) });
      },
    );
    return () => controller.abort();
    // `load` is a new function each render; the key says when to load again.
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry, setState };
}
