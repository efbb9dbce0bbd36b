import { REACTION_TYPES, REPORTS_TO_AUTO_HIDE, type ReactionCounts, type ReactionType } from '@mer/contracts';

/*
 * The feed's rules that need no I/O: cursors, @mentions, previews, reaction counts, the report threshold and who
 * may take part.
 */

/** Keyset cursors are opaque to clients: base64url of the sort key of the last post of a page. */
export interface FeedCursor {
  /** posts.seq of the last post (newest-first order). */
  seq: string;
  /** most-active only: that post's activity_count. */
  activity?: number;
}

export function encodeCursor(cursor: FeedCursor): string {
  const raw = cursor.activity === undefined ? cursor.seq : `${cursor.activity}.${cursor.seq}`;
  return Buffer.from(raw, 'utf8').toString('base64url');
}

/** The cursor, or undefined when it was not made by encodeCursor (the route answers 400). */
export function decodeCursor(text: string): FeedCursor | undefined {
  const raw = Buffer.from(text, 'base64url').toString('utf8');
  const m = /^(?:(\d{1,9})\.)?(\d{1,18})$/.exec(raw);
  if (!m) return undefined;
  return m[1] === undefined ? { seq: m[2]! } : { seq: m[2]!, activity: Number(m[1]) };
}

/** Usernames as identity allows them (letters, digits, underscore, 3 to 30). */
const MENTION = /(^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{3,30})\b/g;

/** The distinct @usernames in a text, lower-cased, in order of first appearance (at most 20). */
export function mentionedUsernames(text: string): string[] {
  const found = new Set<string>();
  for (const m of plainText(text).matchAll(MENTION)) {
    found.add(m[2]!.toLowerCase());
    if (found.size === 20) break;
  }
  return [...found];
}

/** Sanitised HTML as plain text (tags dropped, the five entities decoded, whitespace collapsed). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A notification's excerpt: plain text, at most 140 characters. */
export function preview(html: string): string {
  const text = plainText(html);
  return text.length <= 140 ? text : `${text.slice(0, 139)}…`;
}

export type CountColumns = { [T in ReactionType as `${T}_count`]: number };

export function reactionCounts(row: CountColumns): ReactionCounts {
  return Object.fromEntries(REACTION_TYPES.map((t) => [t, row[`${t}_count`]])) as ReactionCounts;
}

export const countColumn = (type: ReactionType) => `${type}_count` as const;

/** The item is hidden once this many different members reported it. */
export const reachesHideThreshold = (distinctReporters: number) => distinctReporters >= REPORTS_TO_AUTO_HIDE;

/** Who may add content: an onboarded member with a paid membership; admins always. */
export function mayContribute(member: { onboarded: boolean; paid: boolean; admin: boolean }): boolean {
  return member.admin || (member.onboarded && member.paid);
}

/** Admin permissions that may moderate feed content (pin, delete anyone's post or comment). */
export const MODERATOR_PERMISSIONS = ['system_admin', 'communities_update', 'communities_delete'] as const;
export const isModerator = (perms: readonly string[]) =>
  perms.some((p) => (MODERATOR_PERMISSIONS as readonly string[]).includes(p));
