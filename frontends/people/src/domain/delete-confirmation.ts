/** Typing this word (exactly, in capitals) or one's own username confirms the account deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Spec 000 section 4: after the server confirms, the member is sent to / after 2 s. */
export const ACCOUNT_DELETED_REDIRECT_MS = 2000;

export function isDeletionConfirmed(typed: string, username: string | null | undefined): boolean {
  const text = typed.trim();
  if (!text) return false;
  if (text === DELETE_CONFIRMATION_WORD) return true;
  // Usernames are stored lower-cased (spec 000 section 5), so the comparison ignores case.
  return Boolean(username) && text.toLowerCase() === username!.trim().toLowerCase();
}
