import { defineRemoteConfig } from '../build/remote-config.ts';
import { exposesOf } from '../remote-manifest.ts';
import { manifest } from './src/routes.ts';

/**
 * The notifications micro-frontend: the pages its route manifest (src/routes.ts) lists, and the bell the shell's
 * navigation shows on every member page (its popover and drawer load when it is first opened).
 */
export default defineRemoteConfig({
  name: manifest.remote,
  exposes: { ...exposesOf(manifest), './NotificationBell': './src/components/NotificationBell.tsx' },
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/server-state', '@mer/design-system'],
});
