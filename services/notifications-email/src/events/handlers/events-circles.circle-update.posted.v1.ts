import { CircleAnnouncementPosted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyCircleUpdatePosted } from '../../use-cases/circle-notifications.ts';

/** A circle update or announcement: each member's circle_update (an announcement is high priority). */
export const circleUpdatePostedConsumer = defineConsumer({
  name: 'notify-circle-update-posted',
  event: CircleAnnouncementPosted,
  handle: (event, tx, deps) => notifyCircleUpdatePosted(deps, tx, event),
});
