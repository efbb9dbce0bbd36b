import { defineRemoteConfig } from '../build/remote-config.ts';
import { exposesOf } from '../remote-manifest.ts';
import { manifest } from './src/routes.ts';

/** The search-dialog micro-frontend: the pages its route manifest (src/routes.ts) lists. */
export default defineRemoteConfig({
  name: manifest.remote,
  exposes: exposesOf(manifest),
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/server-state', '@mer/design-system'],
});
