import { EmailConfirmed } from '@mer/contracts';
import { DomainError } from '@mer/service-runtime';
import {
  findAccountByEmail,
  findAccountById,
  markEmailConfirmed,
  replaceEmail,
} from '../db/accounts.repository.ts';
import { useEmailConfirmationToken } from '../db/one-time-tokens.repository.ts';
import { Texts } from '../domain/texts.ts';
import { hashOpaqueToken, looksLikeOpaqueToken } from '../adapters/opaque-tokens.ts';
import type { IdentityDeps } from '../deps.ts';

const invalidLink = () =>
  new DomainError('invalid_data', {
    ...Texts.confirmationLinkInvalid,
    fields: [{ field: 'body.token', message: Texts.confirmationLinkInvalid.message }],
  });

/**
 * Confirms an address with the link from an e-mail: the sign-up address, or a new address asked
 * for in the account settings (which then replaces the old one). Each link works once.
 */
export async function confirmEmail(
  deps: Pick<IdentityDeps, 'transaction'>,
  token: string,
): Promise<{ email: string; title: string; message: string }> {
  if (!looksLikeOpaqueToken(token)) throw invalidLink();
  return deps.transaction(async (tx) => {
    const used = await useEmailConfirmationToken(tx.trx, hashOpaqueToken(token));
    if (!used) throw invalidLink();
    const account = await findAccountById(tx.trx, used.userId);
    if (!account) throw invalidLink();

    if (used.purpose === 'signup') {
      // The account changed its address since this link was sent: the link proves nothing now.
      if (account.email !== used.email) throw invalidLink();
      if (await markEmailConfirmed(tx.trx, account.id, used.email)) {
        await tx.publish(EmailConfirmed, { userId: account.id, email: used.email });
      }
      return { email: used.email, ...Texts.emailConfirmed };
    }

    const holder = await findAccountByEmail(tx.trx, used.email);
    if (holder && holder.id !== account.id) {
      throw new DomainError('duplicate_entry', {
        title: Texts.emailTaken.title,
        message: 'Another account now uses this email address, so it cannot be moved to yours.',
      });
    }
    await replaceEmail(tx.trx, account.id, used.email);
    await tx.publish(EmailConfirmed, { userId: account.id, email: used.email });
    return { email: used.email, ...Texts.emailChangeConfirmed };
  });
}
