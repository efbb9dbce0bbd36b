import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { EventsCirclesConfigSchema } from './config.ts';
import { createEventsCirclesDeps } from './deps.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * events-circles as the runtime starts it, in both topologies: its config, migrations, deps, the consumers of other
 * services' events (one file each under events/handlers/) and its routes.
 */
export const eventsCirclesService = defineService({
  name: 'events-circles',
  config: EventsCirclesConfigSchema,
  migrationsDir,
  deps: createEventsCirclesDeps,
  consumers: [userDeletedConsumer],
  routes() {},
});
