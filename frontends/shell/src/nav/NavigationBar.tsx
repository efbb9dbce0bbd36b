import { lazy, Suspense } from 'react';
import { Link, matchPath, useLocation } from '@mer/router';
import { Logo, buttonClassName, cx, useDeviceProfile } from '@mer/design-system';
import { useSessionStore } from '@mer/api-client';
import { useHideOnScroll } from './useHideOnScroll.ts';

// Members' links, badge and profile menu need server state; visitors never download them.
const MemberNavigation = lazy(() => import('./MemberNavigation.tsx'));

/**
 * The navigation bar: logo; for members Community, Connect, Events, Conversations and the avatar menu; for
 * visitors Log In and Join Now. On mobile it hides while scrolling down and on a conversation view.
 */
export function NavigationBar() {
  const location = useLocation();
  const device = useDeviceProfile();
  const status = useSessionStore((s) => s.status);
  const signedIn = useSessionStore((s) => s.status === 'signed-in' && s.user !== null);
  const hidden = useHideOnScroll(device.isMobile, device.isIosSafari ? 1 : 3, 50);
  const inConversation = matchPath('/messages/:id', location.pathname) !== null;

  if (device.isMobile && inConversation) return null;

  return (
    <header
      className={cx(
        'sticky top-0 z-40 border-b border-sand-200/80 bg-sand-50/85 backdrop-blur-md transition-transform duration-300',
        hidden && '-translate-y-full',
      )}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to={signedIn ? '/community' : '/'} aria-label="MER home" className="rounded-lg">
          <Logo size="sm" />
        </Link>
        {signedIn ? (
          <Suspense
            fallback={<span aria-hidden="true" className="ml-auto size-9 rounded-full bg-sand-200" />}
          >
            <MemberNavigation mobile={device.isMobile} hidden={hidden} />
          </Suspense>
        ) : status === 'initializing' ? null : (
          <div className="ml-auto flex items-center gap-2">
            <Link to="/login" className={buttonClassName('ghost', 'sm')}>
              Log In
            </Link>
            <Link to="/signup" className={buttonClassName('primary', 'sm')}>
              Join Now
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
