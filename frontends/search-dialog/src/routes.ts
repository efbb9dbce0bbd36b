import { defineRemoteManifest } from '../../remote-manifest.ts';

/**
 * search-dialog serves no page of its own: it exposes the search dialog (vite.config.ts), which the shell's
 * SearchDialogHost opens from any page. Results open the pages of the remotes that own them.
 */
export const manifest = defineRemoteManifest({
  remote: 'search-dialog',
  area: { name: 'Search', description: 'Find circles, events, people and posts.' },
  routes: [],
});
