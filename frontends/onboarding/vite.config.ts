import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { remoteSharedSingletons } from '../shared-dependencies.ts';
import { precompress } from '../build/precompress-plugin.ts';

/** The onboarding micro-frontend: membership plans (/membership) and the 7-step profile wizard (/onboarding). */
export default defineConfig({
  base: '/remotes/onboarding/',
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: 'onboarding',
      filename: 'remoteEntry.js',
      exposes: {
        './MembershipPage': './src/pages/MembershipPage.tsx',
        './OnboardingPage': './src/pages/OnboardingPage.tsx',
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
