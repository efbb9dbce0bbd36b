import { init, loadRemote } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as Zustand from 'zustand';
import * as Router from '@mer/router';
import * as ApiClient from '@mer/api-client';
import * as DesignSystem from '@mer/design-system';
import { remoteEntries } from '../config/runtime-config.ts';

(globalThis as Record<string, unknown>)._FEDERATION_RUNTIME_CORE ??= runtimeCore;

const provided = (version: string, requiredVersion: string, lib: unknown) => ({
  version,
  scope: 'default',
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion },
});
/** Provided on demand: downloaded when the shell or a remote first needs it. */
const providedLater = (version: string, requiredVersion: string, load: () => Promise<unknown>) => ({
  version,
  scope: 'default',
  get: () => load().then((lib) => () => lib),
  shareConfig: { singleton: true, requiredVersion },
});

init({
  name: 'shell',
  remotes: Object.entries(remoteEntries()).map(([name, entry]) => ({
    name,
    entry,
    type: 'module',
    entryGlobalName: name,
  })),
  shared: {
    react: provided('19.3.1', '^19.2.0', React),
    'react/jsx-runtime': provided('19.3.1', '^19.2.0', JsxRuntime),
    'react-dom': provided('19.3.1', '^19.2.0', ReactDOM),
    zustand: provided('5.1.0', '^5.0.0', Zustand),
    '@mer/router': provided('0.1.0', '^0.1.0', Router),
    '@mer/api-client': provided('0.1.0', '^0.1.0', ApiClient),
    '@mer/design-system': provided('0.1.0', '^0.1.0', DesignSystem),
    '@mer/server-state': providedLater('0.1.0', '^0.1.0', () => import('@mer/server-state')),
  },
  shareStrategy: 'loaded-first',
});

export function loadRemoteModule<T>(id: string): Promise<T> {
  return loadRemote<T>(id).then((m) => {
    if (!m) throw new Error(`Failed to load remote module ${id}`);
    return m;
  });
}
