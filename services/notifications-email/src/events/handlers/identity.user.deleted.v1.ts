import { UserDeleted } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { forgetMember } from '../../use-cases/queue-identity-emails.ts';

/** An account was deleted: remove that member's e-mails, queued or sent. */
export const userDeletedConsumer = () =>
  defineConsumer({
    name: 'forget-deleted-member',
    event: UserDeleted,
    handle: (event, tx) => forgetMember(tx, event),
  });
