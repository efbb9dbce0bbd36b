import { defineRemoteConfig } from '../build/remote-config.ts';

/** The access micro-frontend: landing, sign-up, login, password reset, signup handler and welcome. */
export default defineRemoteConfig({
  name: 'access',
  exposes: {
    './LandingPage': './src/pages/LandingPage.tsx',
    './SignupPage': './src/pages/SignupPage.tsx',
    './LoginPage': './src/pages/LoginPage.tsx',
    './ResetPasswordPage': './src/pages/ResetPasswordPage.tsx',
    './SignupHandlerPage': './src/pages/SignupHandlerPage.tsx',
    './WelcomePage': './src/pages/WelcomePage.tsx',
  },
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/server-state', '@mer/design-system'],
});
