import type { Invitation, InvitationValidation } from '@mer/contracts';
import { invalidData } from '@mer/service-runtime';
import { findUsableInvitation, insertInvitation } from '../db/invitations.repository.ts';
import type { IdentityDb, InvitationCode } from '../db/tables.ts';
import {
  couldBeInvitationCode,
  generateInvitationCode,
  normaliseInvitationCode,
} from '../domain/invitation-code.ts';
import { Texts } from '../domain/texts.ts';

export interface NewInvitationInput {
  maxUses?: number | undefined;
  discountPercent?: number | undefined;
  /** ISO date-time; the code stops working then. */
  expiresAt?: string | undefined;
  /** Who asked: the start hook, the operator key (CLI) or an admin. */
  source: 'bootstrap' | 'operator' | 'admin';
  createdBy?: string | null;
}

export function toInvitation(row: InvitationCode): Invitation {
  return {
    code: row.code,
    maxUses: row.max_uses,
    usesCount: row.uses_count,
    discountPercent: row.discount_percent,
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    disabledAt: row.disabled_at ? row.disabled_at.toISOString() : null,
  };
}

/**
 * Creates an invitation code: 8 upper-case letters and digits without look-alikes. Shared by the
 * admin route, the operator route (npm run admin -- create-invitation) and the first start.
 * Takes anything with identity's database handle, e.g. a running service's context.
 */
export async function createInvitation(
  source: { db: IdentityDb },
  input: NewInvitationInput,
): Promise<Invitation> {
  let expiresAt: Date | null = null;
  if (input.expiresAt !== undefined) {
    expiresAt = new Date(input.expiresAt);
    if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now()) {
      throw invalidData('Invalid Data', 'The expiry date must be in the future.', 'body.expiresAt');
    }
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insertInvitation(source.db, {
      code: generateInvitationCode(),
      max_uses: input.maxUses ?? 1,
      discount_percent: input.discountPercent ?? null,
      expires_at: expiresAt,
      source: input.source,
      created_by: input.createdBy ?? null,
    });
    if (row) return toInvitation(row);
  }
  throw new Error('Could not draw an unused invitation code');
}

/** Whether a code can be used to sign up now, and its discount. The code is upper-cased first. */
export async function validateInvitation(
  deps: { db: IdentityDb },
  rawCode: string,
): Promise<InvitationValidation> {
  const code = normaliseInvitationCode(rawCode);
  if (!code)
    throw invalidData(Texts.invitationCodeRequired.title, Texts.invitationCodeRequired.message, 'body.code');
  const invitation = couldBeInvitationCode(code) ? await findUsableInvitation(deps.db, code) : undefined;
  if (!invitation) return { valid: false, error: Texts.invalidInvitationCode.title };
  return {
    valid: true,
    code: invitation.code,
    ...(invitation.discount_percent !== null
      ? { discount: { percentOff: invitation.discount_percent } }
      : {}),
  };
}
