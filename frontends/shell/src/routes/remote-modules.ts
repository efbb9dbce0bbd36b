import type { ComponentType } from 'react';
import { loadRemoteModule } from '../federation/host.ts';

type Loader = () => Promise<{ default: ComponentType }>;

export function remoteModuleLoader(id: string): Loader {
  return () => loadRemoteModule<{ default: ComponentType }>(id);
}
