import { defineRemoteManifest } from '../../remote-manifest.ts';

/**
 * The paths search-dialog serves and the page it exposes for each. The shell's route table reads this file when
 * it is built, and vite.config.ts exposes one module per page from it. Replace the scaffold page with the remote's.
 */
export const manifest = defineRemoteManifest({
  remote: 'search-dialog',
  area: { name: 'Greetings', description: 'Greet a fellow member (the scaffold page: replace it).' },
  routes: [{ path: '/search-dialog', page: 'GreetingsPage', guard: 'member', title: 'Greetings' }],
});
