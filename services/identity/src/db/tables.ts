import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

/** Identity's tables as Kysely sees them. Times are timestamptz (Date in JS, UTC). */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface AccountsTable {
  id: string;
  email: string;
  username: string;
  name: string;
  password_hash: string;
  email_confirmed_at: Date | null;
  invitation_code: string | null;
  /** Set while an admin has suspended the account: no log-in, no refresh. */
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  is_facilitator: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface InvitationCodesTable {
  code: string;
  max_uses: number;
  uses_count: Generated<number>;
  discount_percent: number | null;
  expires_at: Date | null;
  source: 'bootstrap' | 'operator' | 'admin';
  created_by: string | null;
  created_at: CreatedAt;
  /** An admin disabled the code: it no longer admits anyone. */
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface WaitingListRegistrationsTable {
  id: string;
  email: string;
  name: string;
  status: Generated<'pending' | 'invited' | 'declined'>;
  source: Generated<string>;
  metadata: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
}

export interface RolesTable {
  name: string;
  description: string;
}
export interface PermissionsTable {
  name: string;
  description: string;
}
export interface RolePermissionsTable {
  role: string;
  permission: string;
}
export interface UserRolesTable {
  user_id: string;
  role: string;
  granted_at: CreatedAt;
}
/** A permission granted to one member directly, on top of their roles' permissions. */
export interface UserPermissionsTable {
  user_id: string;
  permission: string;
  granted_by: string | null;
  granted_at: CreatedAt;
}
export interface AdminUsersTable {
  user_id: string;
  is_active: boolean;
  created_at: CreatedAt;
}

export interface RefreshFamiliesTable {
  id: string;
  user_id: string;
  remember_me: boolean;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
}
export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  issued_at: CreatedAt;
  rotated_at: Date | null;
}

export interface EmailConfirmationTokensTable {
  token_hash: string;
  user_id: string;
  email: string;
  purpose: 'signup' | 'change';
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}
export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface SigningKeysTable {
  kid: string;
  public_jwk: ColumnType<Record<string, unknown>, string, never>;
  private_jwk: ColumnType<Record<string, unknown>, string, never>;
  active: boolean;
  created_at: CreatedAt;
}

export interface IdentityTables {
  accounts: AccountsTable;
  invitation_codes: InvitationCodesTable;
  waiting_list_registrations: WaitingListRegistrationsTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  admin_users: AdminUsersTable;
  user_permissions: UserPermissionsTable;
  refresh_families: RefreshFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  email_confirmation_tokens: EmailConfirmationTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  signing_keys: SigningKeysTable;
}

/** The database handle repositories take: the service's Kysely or a transaction of it. */
export type IdentityDb = Kysely<IdentityTables>;

export type Account = Selectable<AccountsTable>;
export type InvitationCode = Selectable<InvitationCodesTable>;
export type RefreshFamily = Selectable<RefreshFamiliesTable>;
export type WaitingListRegistration = Selectable<WaitingListRegistrationsTable>;
