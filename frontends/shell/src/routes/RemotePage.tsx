import {
  lazy,
  Suspense,
  useLayoutEffect,
  useReducer,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { PagePlaceholder } from '@mer/design-system';
import { isRemoteDeployed } from '../config/runtime-config.ts';
import { ComingSoonPage } from '../pages/ComingSoonPage.tsx';
import { RecoverableErrorBoundary } from '../errors/RecoverableErrorBoundary.tsx';
import { remoteModuleLoader } from './remote-modules.ts';
import type { RouteEntry } from './route-table.ts';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(entry: RouteEntry): LazyExoticComponent<ComponentType> {
  const key = `${entry.remote}/${entry.module}`;
  let page = lazyPages.get(key);
  if (!page) {
    // A deployed remote that does not expose this page yet shows "coming soon", like an undeployed one.
    const comingSoon = () => <ComingSoonPage remote={entry.remote} title={entry.title} />;
    page = lazy(remoteModuleLoader(key, comingSoon));
    lazyPages.set(key, page);
  }
  return page;
}

/** Starts downloading a page's code (e.g. on hover or when the next step is known). */
export function preloadRemotePage(entry: Pick<RouteEntry, 'remote' | 'module'>): void {
  if (!isRemoteDeployed(entry.remote)) return;
  void remoteModuleLoader(`${entry.remote}/${entry.module}`)().catch(() => {});
}

/**
 * A page from a micro-frontend: loaded lazily with the logo-and-spinner placeholder, retried on chunk errors,
 * and a styled "coming soon" page when the remote is not deployed.
 */
export function RemotePage({ entry }: { entry: RouteEntry }) {
  const key = `${entry.remote}/${entry.module}`;
  const [, forceRender] = useReducer((n: number) => n + 1, 0);
  if (!isRemoteDeployed(entry.remote)) return <ComingSoonPage remote={entry.remote} title={entry.title} />;
  const Page = lazyPage(entry);
  return (
    <RecoverableErrorBoundary
      context={entry.title}
      onRetry={() => {
        // React.lazy remembers a failed import; forget it so the retry downloads again.
        lazyPages.delete(key);
        forceRender();
      }}
    >
      <Suspense fallback={<PagePlaceholder />}>
        <Page />
        <MarkFirstPageRender />
      </Suspense>
    </RecoverableErrorBoundary>
  );
}

/** Marks when the first page (not its placeholder) is on screen: `npm run bench:web` counts the JS loaded before it. */
function MarkFirstPageRender() {
  useLayoutEffect(() => {
    if (performance.getEntriesByName('mer:first-page-render').length === 0)
      performance.mark('mer:first-page-render');
  }, []);
  return null;
}
