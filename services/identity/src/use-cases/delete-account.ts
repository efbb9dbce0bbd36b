import { AdminActionTaken, SessionsRevoked, UserDeleted } from '@mer/contracts';
import { authenticationError, notFound } from '@mer/service-runtime';
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
  /** An admin deleting someone else's account (Admin Panel): audited, and an unknown id is 'not found'. */
  deletedBy?: string,
): Promise<{ title: string; message: string }> {
  await deps.transaction(async (tx) => {
    const account = await findAccountById(tx.trx, userId);
    if (!account) throw deletedBy ? notFound('Member not found.') : authenticationError();
    if (deletedBy) {
      await tx.publish(AdminActionTaken, {
        actorId: deletedBy,
        action: 'member.deleted',
        targetType: 'member',
        targetId: account.id,
        before: { username: account.username },
        after: null,
      });
    }
    await removeFromWaitingList(tx.trx, account.email);
    await deleteAccountRow(tx.trx, account.id);
    await tx.publish(SessionsRevoked, { userId: account.id, reason: 'account_deleted' });
    await tx.publish(UserDeleted, { userId: account.id });
  });
  deps.log.info({ userId, deletedBy }, 'account deleted');
  return deletedBy ? { ...Texts.memberDeleted } : { ...Texts.accountDeleted };
}
