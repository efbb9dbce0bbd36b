import { defineRemoteManifest } from '../../remote-manifest.ts';

/**
 * The paths the notifications remote serves (spec 001 section 2) and the page it exposes for each. The shell's
 * route table reads this file when it is built, and vite.config.ts exposes one module per page from it.
 * The bell in the shell's navigation is exposed beside the pages (vite.config.ts).
 */
export const manifest = defineRemoteManifest({
  remote: 'notifications',
  area: { name: 'Notifications', description: 'Everything that happened while you were away.' },
  routes: [
    { path: '/notifications', page: 'NotificationsPage', guard: 'member', title: 'Notifications' },
    { path: '/email-test', page: 'EmailTestPage', guard: 'member', title: 'E-mail tester' },
  ],
});
