import { invalidData } from '@mer/service-runtime';

/** The rule of the scaffold's greeting, free of I/O so it is unit-tested alone. */
export function composeGreeting(
  salutation: string,
  rawRecipient: string,
): { recipient: string; message: string } {
  const recipient = rawRecipient.trim().replace(/\s+/g, ' ');
  if (!recipient) throw invalidData('Missing Information', 'Please enter a name.', 'to');
  return { recipient, message: `${salutation}, ${recipient}!` };
}
