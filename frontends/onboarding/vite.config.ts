import { defineRemoteConfig } from '../build/remote-config.ts';

/** The onboarding micro-frontend: membership plans (/membership) and the 7-step profile wizard (/onboarding). */
export default defineRemoteConfig({
  name: 'onboarding',
  exposes: {
    './MembershipPage': './src/pages/MembershipPage.tsx',
    './OnboardingPage': './src/pages/OnboardingPage.tsx',
  },
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/server-state', '@mer/design-system'],
});
