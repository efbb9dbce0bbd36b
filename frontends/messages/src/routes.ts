import { defineRemoteManifest } from '../../remote-manifest.ts';

/**
 * The paths messages serves and the page it exposes for each. The shell's route table reads this file when
 * it is built, and vite.config.ts exposes one module per page from it. Replace the scaffold page with the remote's.
 */
export const manifest = defineRemoteManifest({
  remote: 'messages',
  area: { name: 'Greetings', description: 'Greet a fellow member (the scaffold page: replace it).' },
  routes: [{ path: '/messages', page: 'GreetingsPage', guard: 'member', title: 'Greetings' }],
});
