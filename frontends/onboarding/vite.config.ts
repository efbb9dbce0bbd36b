import { defineRemoteConfig } from '../build/remote-config.ts';

/**
 * The onboarding micro-frontend: membership plans (/membership), the 7-step profile wizard (/onboarding) and the
 * public Terms of Service (/terms: the wizard's own guidelines text).
 */
export default defineRemoteConfig({
  name: 'onboarding',
  exposes: {
    './MembershipPage': './src/pages/MembershipPage.tsx',
    './OnboardingPage': './src/pages/OnboardingPage.tsx',
    './TermsOfServicePage': './src/pages/TermsOfServicePage.tsx',
  },
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/server-state', '@mer/design-system'],
});
