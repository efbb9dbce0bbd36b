import type { FeedMember } from '@mer/contracts';

/** The @word being typed just before the caret, if any: where it starts and what follows the @. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{N}_.-]{0,30})$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Replaces the @word being typed with the member's @username and a space; returns the text and the new caret. */
export function insertMention(
  text: string,
  mention: { start: number },
  caret: number,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  return {
    text: text.slice(0, mention.start) + inserted + text.slice(caret),
    caret: mention.start + inserted.length,
  };
}

/** Members whose username or name starts with (or a word of the name starts with) the query; at most `max`. */
export function mentionCandidates(members: readonly FeedMember[], query: string, max = 6): FeedMember[] {
  const q = query.toLowerCase();
  const seen = new Set<string>();
  const result: FeedMember[] = [];
  for (const member of members) {
    if (seen.has(member.userId)) continue;
    seen.add(member.userId);
    const words = [member.username, ...member.name.split(/\s+/)].map((w) => w.toLowerCase());
    if (words.some((w) => w.startsWith(q))) result.push(member);
    if (result.length >= max) break;
  }
  return result;
}
