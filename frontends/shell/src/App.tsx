import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from '@mer/router';
import { useSessionStore } from '@mer/api-client';
import { PagePlaceholder, ToastArea, useDeviceProfile, cx } from '@mer/design-system';
import { ROUTES } from './routes/route-table.ts';
import { RemotePage, preloadRemotePage } from './routes/RemotePage.tsx';
import { NavigationBar } from './nav/NavigationBar.tsx';
import { RecoverableErrorBoundary } from './errors/RecoverableErrorBoundary.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { pageTitleFor } from './routes/page-title.ts';

// Only what the first page needs is in the main chunk: the guard, the members' tools and the PWA prompts
// load when they are needed (the guard and members' tools bring the server-state library with them).
const AccessGuard = lazy(() => import('./guard/AccessGuard.tsx'));
const SessionIdleWatcher = lazy(() => import('./session/SessionIdleWatcher.tsx'));
const SearchDialogHost = lazy(() => import('./search/SearchDialogHost.tsx'));
const RealtimeChannel = lazy(() => import('./session/RealtimeChannel.tsx'));
const SecurityMonitorHost = lazy(() => import('./session/SecurityMonitorHost.tsx'));
const PwaLayer = lazy(() => import('./pwa/PwaLayer.tsx'));
const RoutePreloader = lazy(() => import('./routes/RoutePreloader.tsx'));

export function App() {
  return (
    <BrowserRouter>
      <AppFrame />
    </BrowserRouter>
  );
}

const publicRoutes = ROUTES.filter((r) => r.guard === 'none');
const loginRoutes = ROUTES.filter((r) => r.guard === 'login');
const memberRoutes = ROUTES.filter((r) => r.guard === 'member');

function AppFrame() {
  const device = useDeviceProfile();
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  const location = useLocation();
  useRouteChangeFocus(location.pathname);
  const paymentSucceeded = new URLSearchParams(location.search).get('payment') === 'success';

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <NavigationBar />
      {/* Before the page: the install offer sits in the flow under the navigation (the rest is fixed). */}
      <Suspense fallback={null}>
        <DeferredPwaLayer />
      </Suspense>
      <main id="main" tabIndex={-1} className={cx('outline-none', signedIn && device.isMobile && 'pb-24')}>
        <RecoverableErrorBoundary context="MER" critical>
          {paymentSucceeded && location.pathname !== '/signup-handler' ? (
            // Spec: a payment=success query parameter redirects to /signup-handler, which keeps it so that
            // it waits for the provider's webhook to activate the membership.
            <Navigate to="/signup-handler?payment=success" replace />
          ) : (
            <Routes>
              {publicRoutes.map((entry) => (
                <Route
                  key={entry.path}
                  path={entry.path}
                  element={<RemotePage key={entry.path} entry={entry} />}
                />
              ))}
              <Route element={<GuardLayout skipOnboardingCheck />}>
                {loginRoutes.map((entry) => (
                  <Route
                    key={entry.path}
                    path={entry.path}
                    element={<RemotePage key={entry.path} entry={entry} />}
                  />
                ))}
              </Route>
              <Route element={<GuardLayout skipOnboardingCheck={false} />}>
                {memberRoutes.map((entry) => (
                  <Route
                    key={entry.path}
                    path={entry.path}
                    element={<RemotePage key={entry.path} entry={entry} />}
                  />
                ))}
              </Route>
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          )}
        </RecoverableErrorBoundary>
      </main>
      {device.isMobile ? null : <ToastArea />}
      {signedIn ? (
        <Suspense fallback={null}>
          <SessionIdleWatcher />
          <SearchDialogHost />
          <RealtimeChannel />
          <SecurityMonitorHost />
          <RoutePreloader routes={ROUTES} preload={preloadRemotePage} />
        </Suspense>
      ) : null}
    </>
  );
}

function GuardLayout({ skipOnboardingCheck }: { skipOnboardingCheck: boolean }) {
  return (
    <Suspense fallback={<PagePlaceholder />}>
      <AccessGuard skipOnboardingCheck={skipOnboardingCheck} />
    </Suspense>
  );
}

/** Renders the PWA layer once the browser is idle after the first render. */
function DeferredPwaLayer() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 1500);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <PwaLayer /> : null;
}

/**
 * Every page has its own document title, from the first load on. After client-side navigation, focus moves to
 * the page and it scrolls to the top (screen readers hear the new page).
 */
function useRouteChangeFocus(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    document.title = pageTitleFor(pathname);
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
