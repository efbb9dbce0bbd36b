import { useEffect, useState } from 'react';
import * as identityApi from '../api/identity.ts';
import { normaliseUsername, usernameProblem, type UsernameAvailability } from '../domain/signup-rules.ts';

/** Spec: the username is checked 500 ms after typing stops. */
export const USERNAME_CHECK_DEBOUNCE_MS = 500;

/** Asks identity whether a username is free, once the member stops typing; 'unchecked' while it breaks a local rule. */
export function useUsernameAvailability(raw: string): {
  availability: UsernameAvailability;
  reason?: string;
} {
  const [state, setState] = useState<{ availability: UsernameAvailability; reason?: string }>({
    availability: 'unchecked',
  });
  const username = normaliseUsername(raw);
  const locallyValid = !usernameProblem(username);

  useEffect(() => {
    if (!locallyValid) {
      setState({ availability: 'unchecked' });
      return;
    }
    setState({ availability: 'unchecked' });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ availability: 'checking' });
      try {
        const answer = await identityApi.usernameAvailability(username, controller.signal);
        if (!controller.signal.aborted)
          setState(
            answer.available
              ? { availability: 'available' }
              : { availability: 'taken', reason: answer.reason },
          );
      } catch {
        if (!controller.signal.aborted) setState({ availability: 'unverifiable' });
      }
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, locallyValid]);

  return state;
}
