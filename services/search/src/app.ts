import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { SearchConfigSchema } from './config.ts';
import { createSearchDeps } from './deps.ts';
import { searchConsumers } from './events/consumers.ts';
import { registerSearchRoutes } from './routes/search.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * search as the runtime starts it, in both topologies: its config, migrations, deps, the consumers of other
 * services' events (one file each under events/handlers/, listed in events/consumers.ts) and its routes.
 */
export const searchService = defineService({
  name: 'search',
  config: SearchConfigSchema,
  migrationsDir,
  deps: createSearchDeps,
  consumers: searchConsumers,
  routes(app, deps) {
    registerSearchRoutes(app, deps);
  },
});
