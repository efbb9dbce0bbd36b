import { useEffect } from 'react';
import { useLocation } from '@mer/router';
import type { RouteEntry } from './route-table.ts';
import { PRELOAD_DELAY_MS, connectionAllowsPreload, preloadTargets } from './route-preload.ts';

/**
 * Downloads the pages members usually open next from here, 3 s after arriving (spec 001 section 2). Rendered only
 * for a signed-in member and loaded lazily: those pages are behind the guard, and a visitor's first load of / does
 * not carry this code. The route table and the loader come as props: importing them here would split the shell's
 * main chunk.
 */
export default function RoutePreloader({
  routes,
  preload,
}: {
  routes: readonly RouteEntry[];
  preload: (entry: RouteEntry) => void;
}) {
  const { pathname } = useLocation();
  useEffect(() => {
    const connection = (
      navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }
    ).connection;
    if (!connectionAllowsPreload(connection)) return;
    const targets = preloadTargets(pathname, routes);
    if (targets.length === 0) return;
    const timer = setTimeout(() => targets.forEach(preload), PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, routes, preload]);
  return null;
}
