/**
 * Keyset cursors: the sort key of the last row of a page, opaque to clients (base64url JSON). A cursor that
 * does not decode is bad input, never a 500.
 */
export interface Keyset {
  at: string;
  id: string;
}

export function encodeCursor(key: { at: Date; id: string }): string {
  return Buffer.from(JSON.stringify({ at: key.at.toISOString(), id: key.id })).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The keyset a cursor names, or null when it is not one this service wrote. */
export function decodeCursor(cursor: string): Keyset | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { at, id } = value as Record<string, unknown>;
    if (typeof at !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
    if (Number.isNaN(Date.parse(at))) return null;
    return { at, id };
  } catch {
    return null;
  }
}
