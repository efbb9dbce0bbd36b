import { Workbox } from 'workbox-window';
import { create } from 'zustand';
import { timing } from '@mer/api-client';

interface UpdateState {
  /** A new service worker is installed and waiting. */
  updateReady: boolean;
  /** The new version has taken over; the page reloads in a moment. */
  updated: boolean;
  dismissed: boolean;
}

export const useUpdateState = create<UpdateState>(() => ({
  updateReady: false,
  updated: false,
  dismissed: false,
}));

let workbox: Workbox | null = null;

/**
 * Registers the service worker (offline app shell) and watches for new versions: a worker that finished
 * installing, or a worker that posts { type: 'UPDATE_AVAILABLE' }, shows the update banner.
 */
export function registerServiceWorker(): void {
  if (workbox || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  const ready = () => useUpdateState.setState({ updateReady: true, dismissed: false });
  workbox.addEventListener('waiting', ready);
  navigator.serviceWorker.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'UPDATE_AVAILABLE') ready();
  });
  void workbox.register().catch((error) => console.warn('[MER] service worker registration failed', error));
  // Long-open tabs look for new versions every hour and when they come back to the foreground.
  setInterval(() => void workbox?.update(), 60 * 60_000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox?.update().catch(() => {});
  });
}

/** 'Update Now': the waiting worker takes over, 'App Updated!' shows, and the page reloads after 1 s. */
export function applyUpdate(): void {
  const wb = workbox;
  const reloadSoon = () => {
    useUpdateState.setState({ updated: true });
    setTimeout(() => window.location.reload(), timing('updateReloadDelayMs'));
  };
  if (!wb) {
    reloadSoon();
    return;
  }
  wb.addEventListener('controlling', reloadSoon);
  wb.messageSkipWaiting();
}

export function dismissUpdate(): void {
  useUpdateState.setState({ dismissed: true });
}
