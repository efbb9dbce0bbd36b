import { CommunityFeedThreatDetected } from '@mer/contracts';
import { DomainError } from '@mer/service-runtime';
import { SANITISER_TEXTS, sanitise, securityEvent } from '@mer/text-sanitiser';
import type { CommunityFeedDeps } from '../deps.ts';

/** Which member text, as the security log names it. */
export type TextField =
  | 'post.content'
  | 'comment.content'
  | 'discussion.title'
  | 'discussion.body'
  | 'discussion.reply'
  | 'album.title'
  | 'album.description'
  | 'photo.caption'
  | 'report.reason';

const refuse = (field: TextField, message: string) =>
  new DomainError('invalid_data', { title: 'Invalid Data', message, fields: [{ field, message }] });

/**
 * Member text on its way in, through the one shared sanitiser (@mer/text-sanitiser: limited formatting b, i, em,
 * strong, p, br and links where `html`). Threats are published as a security event in a transaction of their own
 * before the request goes on or is refused, so a refused hostile input still reaches the admins' security log.
 * Refusals are 400s in the spec's words: 'Invalid input type', 'Input exceeds maximum length of N', 'All content
 * was stripped during sanitization', 'Sanitization process failed'.
 */
export async function cleanMemberText(
  deps: Pick<CommunityFeedDeps, 'transaction'>,
  userId: string,
  field: TextField,
  input: unknown,
  opts: { maxLength: number; html: boolean; required: boolean },
): Promise<string> {
  const result = sanitise(input, { maxLength: opts.maxLength, allowHtml: opts.html, allowLinks: opts.html });
  if (result.threats.length) {
    const payload = securityEvent(result, { service: 'community-feed', userId, field });
    await deps.transaction((tx) => tx.publish(CommunityFeedThreatDetected, payload));
  }
  if (!result.ok) throw refuse(field, result.error);
  if (result.threats.includes(SANITISER_TEXTS.contentStripped))
    throw refuse(field, SANITISER_TEXTS.contentStripped);
  if (opts.required && result.value === '') throw refuse(field, 'Please write something first.');
  return result.value;
}

/** How much of a reply the moderator reads in the queue. */
const EXCERPT_LENGTH = 280;

/**
 * Stored text's opening as plain text for the moderator: stored text is sanitised HTML with a few formatting tags,
 * so the shared sanitiser's plain mode takes the tags (and entities) out; paragraphs and line breaks become spaces.
 */
export function plainExcerpt(html: string): string {
  const plain = sanitise(html.replace(/<\/p>|<br\s*\/?>/gi, ' '), { maxLength: Infinity });
  const text = (plain.ok ? plain.value : '').replace(/\s+/g, ' ').trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}
