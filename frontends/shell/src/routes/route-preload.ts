import { matchPath } from '@mer/router';
import type { RouteEntry } from './route-table.ts';

/**
 * Route preloading (spec 001 section 2): on a page under a prefix, the pages members usually open next are
 * downloaded ahead, 3 s after arriving ("social chunks preload after 3 s"), unless the connection is slow or the
 * member asked to save data.
 */
export const PRELOAD_DELAY_MS = 3000;

/** Path prefix → example paths of the pages to preload (resolved through the route table). */
const PRELOADS: { prefix: string; paths: string[] }[] = [
  { prefix: '/community', paths: ['/messages', '/people'] },
  { prefix: '/events', paths: ['/events/1', '/create-event'] },
  { prefix: '/circles', paths: ['/circles/1/forum', '/create-circle'] },
  { prefix: '/people', paths: ['/profile/1', '/messages'] },
];

/** / itself: the community and the events. */
const HOME_PRELOAD = ['/community', '/events'];

/** The pages to preload while on `pathname` (none for most pages), from the route table `routes`. */
export function preloadTargets(pathname: string, routes: readonly RouteEntry[]): RouteEntry[] {
  const entryFor = (path: string) => routes.find((entry) => matchPath({ path: entry.path, end: true }, path));
  const paths =
    pathname === '/'
      ? HOME_PRELOAD
      : (PRELOADS.find((p) => pathname === p.prefix || pathname.startsWith(`${p.prefix}/`))?.paths ?? []);
  return paths.map(entryFor).filter((entry): entry is RouteEntry => entry !== undefined);
}

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** Spec: preloading is skipped on 2g, slow-2g or save-data connections. */
export function connectionAllowsPreload(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}
