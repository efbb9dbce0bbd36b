import { defineRemoteManifest } from '../../remote-manifest.ts';

/**
 * The paths admin-area serves and the page it exposes for each. /admin/* opens for admin-type users (the shell's
 * guard lets admins through without a membership); /session-manager has no guard in the spec's route table. Every
 * call behind them is refused by the server to anyone without the route's permission, whatever the page shows.
 */
export const manifest = defineRemoteManifest({
  remote: 'admin-area',
  area: {
    name: 'Admin',
    description: 'Run the community: figures, the moderation queue, the security log, tools.',
  },
  routes: [
    {
      path: '/admin/user-profile/:userId',
      page: 'AdminUserProfilePage',
      guard: 'member',
      title: 'Member profile',
    },
    { path: '/admin/*', page: 'AdminDashboardPage', guard: 'member', title: 'Admin' },
    { path: '/session-manager', page: 'SessionManagerPage', guard: 'none', title: 'Admin tools' },
  ],
});
