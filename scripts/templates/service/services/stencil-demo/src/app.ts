import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { StencilDemoConfigSchema } from './config.ts';
import { createStencilDemoDeps } from './deps.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { registerGreetingRoutes } from './routes/greetings.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * stencil-demo as the runtime starts it, in both topologies: its config, migrations, deps, the consumers of other
 * services' events (one file each under events/handlers/) and its routes.
 */
export const stencilDemoService = defineService({
  name: 'stencil-demo',
  config: StencilDemoConfigSchema,
  migrationsDir,
  deps: createStencilDemoDeps,
  consumers: [userRegisteredConsumer, userDeletedConsumer],
  routes(app, deps) {
    registerGreetingRoutes(app, deps);
  },
});
