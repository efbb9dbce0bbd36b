import { matchPath } from '@mer/router';
import { ROUTES } from './route-table.ts';

/** The landing page's title (also index.html's, so the first paint already has it). */
export const HOME_TITLE = 'MER · A community for spiritual and mindful people';
export const NOT_FOUND_TITLE = 'Page not found · MER';

/** The route entry a path shows (the first match, as the router's ranking would pick for MER's table). */
export function routeFor(pathname: string) {
  return ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}

/** The document title of a page: its own name, then the product's ("Settings · MER"). */
export function pageTitleFor(pathname: string): string {
  if (pathname === '/') return HOME_TITLE;
  const entry = routeFor(pathname);
  return entry ? `${entry.title} · MER` : NOT_FOUND_TITLE;
}
