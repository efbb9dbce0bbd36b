import { normaliseEmail } from './email.ts';
import { normaliseUsername } from './username.ts';

/** What a person typed to say who they are: an identifier containing @ is an e-mail, otherwise a username. */
export type LoginIdentifier = { kind: 'email'; email: string } | { kind: 'username'; username: string };

export function parseIdentifier(raw: string): LoginIdentifier | undefined {
  const trimmed = raw.trim();
  if (!trimmed) return undefined;
  return trimmed.includes('@')
    ? { kind: 'email', email: normaliseEmail(trimmed) }
    : { kind: 'username', username: normaliseUsername(trimmed) };
}
