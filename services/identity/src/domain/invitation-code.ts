import { randomInt } from 'node:crypto';

export const INVITATION_CODE_LENGTH = 8;
/** Upper-case letters and digits without the ones people confuse when reading aloud or typing (0/O, 1/I/L). */
export const INVITATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function normaliseInvitationCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export function generateInvitationCode(): string {
  let code = '';
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++)
    code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)];
  return code;
}

/** Codes are upper-case letters and digits; anything else cannot be one (and is not looked up). */
export function couldBeInvitationCode(code: string): boolean {
  return /^[A-Z0-9]{1,64}$/.test(code);
}
