import { useEffect } from 'react';
import { admin } from '@mer/contracts/browser';
import { call } from '@mer/api-client';
import { getDeviceProfile } from '@mer/design-system';
import { SecurityMonitor } from './security-monitor.ts';

/**
 * Runs the browser security monitor while a member is signed in, on desktop only (spec 001 section 6: skipped on
 * mobile or touch devices). Events go to the admin service's log_security_event route in batches.
 */
export default function SecurityMonitorHost() {
  useEffect(() => {
    const device = getDeviceProfile();
    if (device.isMobile || device.hasTouch) return;
    const monitor = new SecurityMonitor({
      send: async (events) => {
        await call(admin.logSecurityEvents, { body: { events } });
      },
      now: () => Date.now(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
    const onVisibility = () => monitor.record(document.hidden ? 'page_hidden' : 'page_visible');
    const onPageHide = () => monitor.record('page_unload');
    const onContextMenu = () => monitor.record('right_click_detected');
    const onKeyDown = (e: KeyboardEvent) => monitor.checkShortcut(e);
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => monitor.checkDevtools(window), 500);
    };
    const options = { passive: true } as const;
    document.addEventListener('visibilitychange', onVisibility, options);
    window.addEventListener('pagehide', onPageHide, options);
    window.addEventListener('contextmenu', onContextMenu, options);
    window.addEventListener('keydown', onKeyDown, options);
    window.addEventListener('resize', onResize, options);
    monitor.checkDevtools(window);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('contextmenu', onContextMenu);
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('resize', onResize);
      clearTimeout(resizeTimer);
      monitor.stop();
    };
  }, []);
  return null;
}
