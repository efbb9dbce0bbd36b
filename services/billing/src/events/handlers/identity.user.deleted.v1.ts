import { UserDeleted } from '@mer/contracts';
import { defineConsumer, type Logger } from '@mer/service-runtime';
import type { PaymentProvider } from '../../providers/provider.ts';
import { forgetMember } from '../../use-cases/memberships.ts';

/**
 * A deleted account: billing forgets the member's personal data and ends their memberships, and
 * asks the payment provider to stop charging (best effort: a failure is logged, the deletion stands).
 */
export function userDeletedConsumer(current: () => { provider: PaymentProvider; log: Logger } | undefined) {
  return defineConsumer({
    name: 'forget-member',
    event: UserDeleted,
    async handle(event, tx) {
      const subscriptions = await forgetMember(tx, event);
      const deps = current();
      for (const subscriptionId of subscriptions) {
        await deps?.provider.cancelNow(subscriptionId).catch((err: unknown) => {
          deps.log.error(
            { err, subscriptionId },
            'could not stop the subscription of a deleted account at the provider',
          );
        });
      }
    },
  });
}
