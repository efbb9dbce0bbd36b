import type { ComponentType } from 'react';
import { loadRemoteModule } from '../federation/host.ts';
import { isMissingExposeError } from './missing-module.ts';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Loads a page a remote exposes. With `whenNotExposed`, a deployed remote that does not expose the page
 * (yet) shows that component instead of an error card.
 */
export function remoteModuleLoader(id: string, whenNotExposed?: ComponentType): Loader {
  return () =>
    loadRemoteModule<{ default: ComponentType }>(id).catch((error: unknown) => {
      if (whenNotExposed && isMissingExposeError(error)) return { default: whenNotExposed };
      throw error;
    });
}
