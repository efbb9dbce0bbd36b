import { notificationsEmail } from '@mer/contracts/browser';
import { call } from '@mer/api-client';
import { useMutation } from '@mer/server-state';

/** The e-mail types the unified tester sends (spec 001 section 2). */
export const TEST_EMAIL_TYPES = ['connection_request', 'connection_accepted', 'message'] as const;
export type TestEmailType = (typeof TEST_EMAIL_TYPES)[number];

export interface TestEmailInput {
  type: string;
  /** An address, or empty to send to the member `targetUserId` names. */
  email: string;
  targetUserId: string;
}

/**
 * Sends a sample e-mail through notifications-email's unified tester. The service answers the spec's errors
 * ('Email required', 'Target user email not found', 'Unknown email type'); the page shows them as they come.
 */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (input: TestEmailInput) =>
      call(notificationsEmail.sendTestEmail, {
        body: {
          type: input.type,
          ...(input.email.trim() ? { email: input.email.trim() } : {}),
          ...(input.targetUserId.trim() ? { targetUserId: input.targetUserId.trim() } : {}),
        },
      }),
    retry: false,
  });
}
