import { SessionsRevoked, UserDeleted } from '@mer/contracts';
import { authenticationError } from '@mer/service-runtime';
import { deleteAccount as deleteAccountRow, findAccountById } from '../db/accounts.repository.ts';
import { removeFromWaitingList } from '../db/waiting-list.repository.ts';
import { Texts } from '../domain/texts.ts';
import type { IdentityDeps } from '../deps.ts';

/**
 * Deletes the signed-in account. Identity removes its rows (roles, admin record, sessions and
 * tokens cascade; invitations it created keep working with their creator set to null) and tells
 * every other service, in the same transaction, to remove or anonymise its data.
 */
export async function deleteAccount(
  deps: Pick<IdentityDeps, 'transaction' | 'log'>,
  userId: string,
): Promise<{ title: string; message: string }> {
  await deps.transaction(async (tx) => {
    const account = await findAccountById(tx.trx, userId);
    if (!account) throw authenticationError();
    await removeFromWaitingList(tx.trx, account.email);
    await deleteAccountRow(tx.trx, account.id);
    await tx.publish(SessionsRevoked, { userId: account.id, reason: 'account_deleted' });
    await tx.publish(UserDeleted, { userId: account.id });
  });
  deps.log.info({ userId }, 'account deleted');
  return { ...Texts.accountDeleted };
}
