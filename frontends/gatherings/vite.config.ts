import { defineRemoteConfig } from '../build/remote-config.ts';
import { exposesOf } from '../remote-manifest.ts';
import { manifest } from './src/routes.ts';

/**
 * The gatherings micro-frontend (spec 001 section 2): events, circles, /discover and /engage, the pages its route
 * manifest (src/routes.ts) lists. It calls the events-circles service.
 */
export default defineRemoteConfig({
  name: manifest.remote,
  exposes: exposesOf(manifest),
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/server-state', '@mer/design-system'],
});
