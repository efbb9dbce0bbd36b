import { EventsCirclesThreatDetected } from '@mer/contracts';
import { DomainError } from '@mer/service-runtime';
import { SANITISER_TEXTS, sanitise, securityEvent } from '@mer/text-sanitiser';
import type { EventsCirclesDeps } from '../deps.ts';

/** Which member text, as the security log names it. */
export type TextField =
  | 'circle.name'
  | 'circle.description'
  | 'circle.cityLabel'
  | 'update.title'
  | 'update.body'
  | 'topic.title'
  | 'topic.description'
  | 'discussion.title'
  | 'discussion.body'
  | 'discussion.reply'
  | 'post.content'
  | 'event.title'
  | 'event.description'
  | 'event.address'
  | 'event.cityLabel'
  | 'meetup.title'
  | 'meetup.description'
  | 'meetup.address'
  | 'review.reason'
  | 'cancel.reason'
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
  deps: Pick<EventsCirclesDeps, 'transaction'>,
  userId: string,
  field: TextField,
  input: unknown,
  opts: { maxLength: number; html: boolean; required: boolean },
): Promise<string> {
  const result = sanitise(input, { maxLength: opts.maxLength, allowHtml: opts.html, allowLinks: opts.html });
  if (result.threats.length) {
    const payload = securityEvent(result, { service: 'events-circles', userId, field });
    await deps.transaction((tx) => tx.publish(EventsCirclesThreatDetected, payload));
  }
  if (!result.ok) throw refuse(field, result.error);
  if (result.threats.includes(SANITISER_TEXTS.contentStripped))
    throw refuse(field, SANITISER_TEXTS.contentStripped);
  if (opts.required && result.value === '') throw refuse(field, 'Please write something first.');
  return result.value;
}
