import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../build/precompress-plugin.ts';

/**
 * The shell (host). It is a plain Vite app: it starts the Module Federation runtime itself
 * (src/federation/host.ts) with the remotes the gateway lists in /mf-config.js and provides the shared
 * singletons from its own bundle. Remotes are built with @module-federation/vite.
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // Registered by src/pwa/PwaLayer.tsx after the first render (workbox-window), not by an injected script.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'MER',
        short_name: 'MER',
        description:
          'A members-only community for spiritual and mindful people: circles, events, connections.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#fdfbf7',
        background_color: '#fdfbf7',
        categories: ['social', 'lifestyle', 'health'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // The offline app shell: the shell's own files are precached.
        globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
        navigateFallback: '/index.html',
        // Web push (issue 18): shows notifications-email's pushes and opens their page on click.
        importScripts: ['/sw-push.js'],
        navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/remotes\//, /^\/mf-config\.js/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Which remotes exist and where: fresh when online, the last answer offline.
            urlPattern: ({ url }) =>
              url.pathname === '/mf-config.js' || /^\/remotes\/[^/]+\/remoteEntry\.js$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: { cacheName: 'mer-remote-entries', networkTimeoutSeconds: 4 },
          },
          {
            // Remote chunks are content-hashed: cache first.
            urlPattern: ({ url }) => /^\/remotes\/[^/]+\/assets\//.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'mer-remote-assets',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
            },
          },
        ],
      },
    }),
    precompress(),
  ],
  define: {
    // Module Federation runtime features MER does not use (manifests/snapshots, debug logging): compiled out.
    FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
    FEDERATION_DEBUG: 'false',
  },
  build: { target: 'es2022' },
});
