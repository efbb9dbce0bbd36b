import { defineRemoteConfig } from '../build/remote-config.ts';
import { exposesOf } from '../remote-manifest.ts';
import { manifest } from './src/routes.ts';

/** The search-dialog micro-frontend: the global search dialog the shell opens (and no page of its own). */
export default defineRemoteConfig({
  name: manifest.remote,
  exposes: { ...exposesOf(manifest), './SearchDialog': './src/pages/SearchDialog.tsx' },
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/server-state', '@mer/design-system'],
});
