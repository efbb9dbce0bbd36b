import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { remoteSharedSingletons, type SharedName } from '../shared-dependencies.ts';
import { precompress } from './precompress-plugin.ts';

export interface RemoteOptions {
  /** The remote's name: its folder, its /remotes/<name>/ path and its federation name. */
  name: string;
  /** One module per page, named as in shell/src/routes/route-table.ts: { './FeedPage': './src/pages/FeedPage.tsx' }. */
  exposes: Record<string, string>;
  /** The shared singletons its pages import (the shell provides them). */
  shared: SharedName[];
}

/**
 * The Vite configuration every remote is built with (frontends/README.md "Adding a remote"): served
 * under /remotes/<name>/, shared singletons from the shell only, loaded-first sharing so the shell
 * does not download every remote at start, and precompressed assets.
 */
export function defineRemoteConfig({ name, exposes, shared }: RemoteOptions): UserConfig {
  return defineConfig({
    base: `/remotes/${name}/`,
    plugins: [
      react(),
      tailwindcss(),
      federation({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: remoteSharedSingletons(...shared),
        shareStrategy: 'loaded-first',
        dts: false,
        disableSnapshot: true,
        experiments: { externalRuntime: true },
      }),
      precompress(),
    ],
    build: { target: 'es2022' },
  });
}
