import { defineRemoteConfig } from '../build/remote-config.ts';

/**
 * The people micro-frontend: the member's own profile (/my-profile, with its Photos tab), other members' profiles
 * (/profile/:userId) with the connection status button, settings (/settings), people discovery (/people) and
 * connections (/connections). The community photos page (/photos) is the community remote's.
 */
export default defineRemoteConfig({
  name: 'people',
  exposes: {
    './MyProfilePage': './src/pages/MyProfilePage.tsx',
    './ProfilePage': './src/pages/ProfilePage.tsx',
    './SettingsPage': './src/pages/SettingsPage.tsx',
    './PeoplePage': './src/pages/PeoplePage.tsx',
    './ConnectionsPage': './src/pages/ConnectionsPage.tsx',
  },
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/design-system', '@mer/server-state'],
});
