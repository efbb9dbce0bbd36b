import { invalidData } from '@mer/service-runtime';
import { addToWaitingList } from '../db/waiting-list.repository.ts';
import { isValidEmail, normaliseEmail } from '../domain/email.ts';
import { nameProblem, normaliseName } from '../domain/name.ts';
import { Texts } from '../domain/texts.ts';
import type { IdentityDeps } from '../deps.ts';

/**
 * Puts a visitor without an invitation on the waiting list. Joining twice is not an error for the
 * visitor (and does not tell them the address was known); it just adds no second row.
 */
export async function joinWaitingList(
  deps: Pick<IdentityDeps, 'db' | 'log'>,
  input: { name: string; email: string },
): Promise<{ title: string; message: string }> {
  const name = normaliseName(input.name);
  const email = normaliseEmail(input.email);
  if (!name || !email)
    throw invalidData(
      Texts.waitingListMissing.title,
      Texts.waitingListMissing.message,
      !name ? 'body.name' : 'body.email',
    );
  if (!isValidEmail(email))
    throw invalidData(Texts.invalidEmail.title, Texts.invalidEmail.message, 'body.email');
  const badName = nameProblem(name);
  if (badName) throw invalidData(Texts.invalidName, badName, 'body.name');
  const added = await addToWaitingList(deps.db, {
    email,
    name,
    metadata: { signup_step: 'invitation_code', timestamp: new Date().toISOString() },
  });
  if (added) deps.log.info('waiting-list registration added');
  return { ...Texts.waitingListJoined };
}
