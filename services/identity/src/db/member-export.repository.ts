import type { IdentityDb } from './tables.ts';

/*
 * What identity holds about one member, for "Download my data". Every select names its columns: password
 * hashes, token hashes and signing keys are never read here.
 */

export async function accountForExport(db: IdentityDb, userId: string) {
  return db
    .selectFrom('accounts')
    .leftJoin('invitation_codes', 'invitation_codes.code', 'accounts.invitation_code')
    .select([
      'accounts.id',
      'accounts.name',
      'accounts.username',
      'accounts.email',
      'accounts.email_confirmed_at',
      'accounts.created_at',
      'accounts.updated_at',
      'accounts.invitation_code',
      'invitation_codes.discount_percent',
    ])
    .where('accounts.id', '=', userId)
    .executeTakeFirst();
}

export async function rolesForExport(db: IdentityDb, userId: string) {
  const [roles, admin] = await Promise.all([
    db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute(),
    db.selectFrom('admin_users').select('is_active').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { roles: roles.map((r) => r.role), isAdmin: admin?.is_active ?? false };
}

export async function sessionsForExport(db: IdentityDb, userId: string) {
  return db
    .selectFrom('refresh_families')
    .select(['id', 'remember_me', 'created_at', 'expires_at', 'revoked_at', 'revoked_reason'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function waitingListForExport(db: IdentityDb, email: string) {
  return db
    .selectFrom('waiting_list_registrations')
    .select(['email', 'name', 'status', 'source', 'created_at'])
    .where('email', '=', email)
    .orderBy('created_at')
    .execute();
}
