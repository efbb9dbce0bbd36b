/** Reads the token from a reset link (`/reset-password#token=...`). */
export function readResetToken(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return token && token.length <= 200 ? token : null;
}
