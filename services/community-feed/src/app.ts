import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { CommunityFeedConfigSchema } from './config.ts';
import { createCommunityFeedDeps } from './deps.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { registerGreetingRoutes } from './routes/greetings.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * community-feed as the runtime starts it, in both topologies: its config, migrations, deps, the consumers of other
 * services' events (one file each under events/handlers/) and its routes.
 */
export const communityFeedService = defineService({
  name: 'community-feed',
  config: CommunityFeedConfigSchema,
  migrationsDir,
  deps: createCommunityFeedDeps,
  consumers: [userRegisteredConsumer, userDeletedConsumer],
  routes(app, deps) {
    registerGreetingRoutes(app, deps);
  },
});
