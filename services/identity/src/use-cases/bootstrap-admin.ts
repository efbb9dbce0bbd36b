import { randomBytes, randomUUID } from 'node:crypto';
import { findAccountByEmail, insertAccount, isUsernameTaken } from '../db/accounts.repository.ts';
import { waitForFirstStartTurn } from '../db/first-start.repository.ts';
import { findUsableBootstrapInvitation } from '../db/invitations.repository.ts';
import { activateAdminUser, firstEmailWithRole, grantRole, Roles } from '../db/roles.repository.ts';
import { isValidEmail, normaliseEmail } from '../domain/email.ts';
import { generatePassword } from '../adapters/passwords.ts';
import type { IdentityDeps } from '../deps.ts';
import { createInvitation, toInvitation } from './invitations.ts';
import { announceRolesChanged } from './announce-roles.ts';
import { announceRegistration } from './sign-up.ts';

export interface BootstrapResult {
  /** True only on the start that created the admin. */
  adminCreated: boolean;
  /** The admin's sign-in e-mail; undefined if no admin exists and none could be created. */
  adminEmail?: string;
  /** The admin's password: only when the admin was just created. Never stored in clear or logged. */
  adminPassword?: string;
  /** A usable invitation code for newcomers. */
  invitationCode: string;
  invitationUsesLeft: number;
}

const ADMIN_USERNAME = 'mer-admin';
const ADMIN_NAME = 'MER Admin';

/**
 * Makes a fresh installation usable: creates the admin account when no account holds the admin
 * role (the very first start), and makes sure an invitation code for newcomers exists. Replicas
 * starting together serialise on an advisory lock, so only one admin is ever created.
 */
export async function bootstrapAdmin(
  deps: Pick<IdentityDeps, 'config' | 'log' | 'transaction' | 'passwords'>,
): Promise<BootstrapResult> {
  const email = normaliseEmail(deps.config.ADMIN_EMAIL);
  if (!isValidEmail(email)) throw new Error('ADMIN_EMAIL is not a valid e-mail address');
  const password = deps.config.ADMIN_PASSWORD ?? generatePassword(20);
  // Hashing takes a moment; done up front so the locked transaction stays short.
  const passwordHash = await deps.passwords.hash(password);

  return deps.transaction(async (tx) => {
    await waitForFirstStartTurn(tx.trx);
    let adminCreated = false;
    let adminEmail = await firstEmailWithRole(tx.trx, Roles.admin);
    if (!adminEmail) {
      if (await findAccountByEmail(tx.trx, email)) {
        // Only possible after the admins deleted themselves and a member took the address.
        deps.log.error(
          { email },
          'ADMIN_EMAIL belongs to a member account; no admin created. Set another ADMIN_EMAIL.',
        );
      } else {
        const username = (await isUsernameTaken(tx.trx, ADMIN_USERNAME))
          ? `${ADMIN_USERNAME}-${randomBytes(3).toString('hex')}`
          : ADMIN_USERNAME;
        const account = await insertAccount(tx.trx, {
          id: randomUUID(),
          email,
          username,
          name: ADMIN_NAME,
          password_hash: passwordHash,
          invitation_code: null,
        });
        await grantRole(tx.trx, account.id, Roles.admin);
        await grantRole(tx.trx, account.id, Roles.member);
        await activateAdminUser(tx.trx, account.id);
        await announceRegistration(deps, tx, account, null);
        // Registration implies only `member`: the admin role and record are news of their own.
        await announceRolesChanged(tx, account.id);
        adminCreated = true;
        adminEmail = email;
      }
    }

    const existing = await findUsableBootstrapInvitation(tx.trx);
    const invitation = existing
      ? toInvitation(existing)
      : await createInvitation(
          { db: tx.trx },
          { source: 'bootstrap', maxUses: deps.config.BOOTSTRAP_INVITATION_USES },
        );
    return {
      adminCreated,
      ...(adminEmail ? { adminEmail } : {}),
      ...(adminCreated ? { adminPassword: password } : {}),
      invitationCode: invitation.code,
      invitationUsesLeft: invitation.maxUses - invitation.usesCount,
    };
  });
}

/** The block a newcomer sees on `npm start`: how to sign in, and a code to invite people with. */
export function formatBootstrapAnnouncement(result: BootstrapResult, publicUrl: string): string {
  const lines = ['MER identity is ready', ''];
  if (result.adminCreated && result.adminEmail) {
    lines.push('An admin account was created (shown once, keep the password somewhere safe):');
    lines.push(`  sign-in e-mail : ${result.adminEmail}`);
    lines.push(`  password       : ${result.adminPassword}`);
  } else if (result.adminEmail) {
    lines.push(`Admin sign-in e-mail: ${result.adminEmail}`);
  } else {
    lines.push('No admin account: ADMIN_EMAIL belongs to a member. Set another ADMIN_EMAIL and restart.');
  }
  lines.push('');
  lines.push(
    `Invitation code for new members: ${result.invitationCode} (${result.invitationUsesLeft} uses left)`,
  );
  lines.push(`Sign up at ${publicUrl.replace(/\/+$/, '')}/signup`);
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '='.repeat(width);
  return ['', bar, ...lines.map((l) => (l ? `  ${l}` : '')), bar, ''].join('\n');
}
