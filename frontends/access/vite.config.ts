import { defineRemoteConfig } from '../build/remote-config.ts';

/** The access micro-frontend: landing, sign-up, login, password reset, signup handler, welcome, privacy and cookie policies. */
export default defineRemoteConfig({
  name: 'access',
  exposes: {
    './LandingPage': './src/pages/LandingPage.tsx',
    './SignupPage': './src/pages/SignupPage.tsx',
    './LoginPage': './src/pages/LoginPage.tsx',
    './ResetPasswordPage': './src/pages/ResetPasswordPage.tsx',
    './SignupHandlerPage': './src/pages/SignupHandlerPage.tsx',
    './WelcomePage': './src/pages/WelcomePage.tsx',
    './PrivacyPolicyPage': './src/pages/PrivacyPolicyPage.tsx',
    './CookiePolicyPage': './src/pages/CookiePolicyPage.tsx',
  },
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/server-state', '@mer/design-system'],
});
