import { defineRemoteConfig } from '../build/remote-config.ts';

/**
 * The people micro-frontend. First part: the member's own profile (/my-profile), other members' profiles
 * (/profile/:userId) and settings (/settings). The discovery, connections and photos pages follow; until
 * then the shell shows "coming soon" for the modules this remote does not expose.
 */
export default defineRemoteConfig({
  name: 'people',
  exposes: {
    './MyProfilePage': './src/pages/MyProfilePage.tsx',
    './ProfilePage': './src/pages/ProfilePage.tsx',
    './SettingsPage': './src/pages/SettingsPage.tsx',
  },
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/design-system', '@mer/server-state'],
});
