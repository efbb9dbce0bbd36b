import type { MessagingSettings } from '@mer/contracts';
import { authenticationError } from '@mer/service-runtime';
import { findSettings, saveSettings } from '../db/members.repository.ts';
import type { MessagingDeps } from '../deps.ts';

function toSettings(row: { read_receipts: boolean; only_connections: boolean }): MessagingSettings {
  return { readReceipts: row.read_receipts, onlyConnectionsCanMessage: row.only_connections };
}

export async function getSettings(deps: MessagingDeps, memberId: string): Promise<MessagingSettings> {
  return toSettings(await findSettings(deps.db, memberId));
}

/** Read receipts (on by default) and 'Only my connections can message me' (off by default). */
export async function updateSettings(
  deps: MessagingDeps,
  memberId: string,
  change: { readReceipts?: boolean | undefined; onlyConnectionsCanMessage?: boolean | undefined },
): Promise<MessagingSettings> {
  return deps.transaction(async (tx) => {
    await tx.members.lock(memberId);
    if (await tx.members.isErased(memberId)) throw authenticationError();
    return toSettings(
      await saveSettings(tx.trx, memberId, {
        readReceipts: change.readReceipts,
        onlyConnections: change.onlyConnectionsCanMessage,
      }),
    );
  });
}
