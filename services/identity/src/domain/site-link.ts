/** A one-time link back to the site; the token sits in the fragment so it never reaches server logs. */
export function siteLink(publicUrl: string, page: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${page}#token=${token}`;
}
