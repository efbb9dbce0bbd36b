/**
 * Spec 000 section 3: name and username default from the account's own, else from the part of the e-mail before
 * the @. One rule for the wizard's draft, the shell's basic profile and the profile page's fallback.
 */
export function defaultNames(user: { name?: string | null; username?: string | null; email: string }): {
  name: string;
  username: string;
} {
  const local = user.email.split('@')[0] ?? '';
  return { name: user.name?.trim() || local, username: user.username?.trim() || local };
}
