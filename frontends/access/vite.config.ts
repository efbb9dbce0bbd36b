import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { remoteSharedSingletons } from '../shared-dependencies.ts';
import { precompress } from '../build/precompress-plugin.ts';

/** The access micro-frontend: landing, sign-up, login, password reset, signup handler and welcome. */
export default defineConfig({
  base: '/remotes/access/',
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: 'access',
      filename: 'remoteEntry.js',
      exposes: {
        './LandingPage': './src/pages/LandingPage.tsx',
        './SignupPage': './src/pages/SignupPage.tsx',
        './LoginPage': './src/pages/LoginPage.tsx',
        './ResetPasswordPage': './src/pages/ResetPasswordPage.tsx',
        './SignupHandlerPage': './src/pages/SignupHandlerPage.tsx',
        './WelcomePage': './src/pages/WelcomePage.tsx',
      },
      shared: remoteSharedSingletons(
        'react',
        'react-dom',
        '@mer/router',
        '@mer/api-client',
        '@mer/server-state',
        '@mer/design-system',
      ),
      shareStrategy: 'loaded-first',
      dts: false,
      disableSnapshot: true,
      experiments: { externalRuntime: true },
    }),
    precompress(),
  ],
  build: { target: 'es2022' },
});
