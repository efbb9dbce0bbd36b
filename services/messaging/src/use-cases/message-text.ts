import {
  MESSAGE_MAX_LENGTH,
  MessagingTexts,
  MessagingThreatDetected,
  REPORT_REASON_MAX_LENGTH,
} from '@mer/contracts';
import { invalidData } from '@mer/service-runtime';
import { sanitise, securityEvent } from '@mer/text-sanitiser';
import type { MessagingDeps } from '../deps.ts';

/**
 * A message body (empty allowed only beside a photo) through the one shared sanitiser (plain text; the client makes links clickable). Hostile input
 * is reported to the admin security log in a transaction of its own, committed before the message is checked
 * further, so a refused message still leaves its trace.
 */
export async function messageText(
  deps: MessagingDeps,
  userId: string,
  body: string,
  o: { allowEmpty?: boolean } = {},
): Promise<string> {
  const result = sanitise(body, { maxLength: MESSAGE_MAX_LENGTH });
  if (result.threats.length > 0) {
    await deps.transaction(async (tx) => {
      await tx.publish(
        MessagingThreatDetected,
        securityEvent(result, { service: 'messaging', userId, field: 'message.body' }),
      );
    });
  }
  if (!result.ok) throw invalidData('Invalid Data', result.error, 'body');
  if (result.value.length === 0 && !o.allowEmpty)
    throw invalidData('Invalid Data', MessagingTexts.emptyMessage, 'body');
  return result.value;
}

/** The reason of a report (plain text, required), through the same sanitiser; hostile input is logged the same way. */
export async function reportReason(deps: MessagingDeps, userId: string, reason: string): Promise<string> {
  const result = sanitise(reason, { maxLength: REPORT_REASON_MAX_LENGTH });
  if (result.threats.length > 0) {
    await deps.transaction(async (tx) => {
      await tx.publish(
        MessagingThreatDetected,
        securityEvent(result, { service: 'messaging', userId, field: 'report.reason' }),
      );
    });
  }
  if (!result.ok) throw invalidData('Invalid Data', result.error, 'reason');
  if (result.value.length === 0) throw invalidData('Invalid Data', 'Please write something first.', 'reason');
  return result.value;
}

/** A reaction (an emoji or a short word) through the same sanitiser; markup or nothing left is refused. */
export function reactionText(reaction: string): string {
  const result = sanitise(reaction, { maxLength: 16 });
  if (!result.ok) throw invalidData('Invalid Data', result.error, 'reaction');
  if (result.value.length === 0 || result.threats.length > 0 || result.value !== reaction.trim()) {
    throw invalidData('Invalid Data', "The data provided doesn't meet the required format.", 'reaction');
  }
  return result.value;
}
