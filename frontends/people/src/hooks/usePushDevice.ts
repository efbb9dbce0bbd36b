import { useCallback, useEffect, useState } from 'react';
import {
  fetchPushPublicKey,
  forgetPushSubscription,
  savePushSubscription,
} from '../api/notification-settings.ts';
import { applicationServerKeyFrom } from '../domain/push-keys.ts';

/**
 * This device's web push state: unsupported (no service worker or PushManager), blocked (the member denied
 * notifications in the browser), off, or on (subscribed, and the subscription stored by notifications-email).
 */
export type PushDeviceState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** How long 'Allow' waits for the shell's service worker (it registers when the browser is idle after loading). */
const WORKER_WAIT_MS = 10_000;

/** The shell's service worker once it is active; refused when none becomes active in time. */
function registration(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error('MER’s service worker is not running in this browser.')),
        WORKER_WAIT_MS,
      ),
    ),
  ]);
}

export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState>(supported() ? 'checking' : 'unsupported');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported()) return;
    let cancelled = false;
    if (Notification.permission === 'denied') {
      setState('blocked');
      return;
    }
    // Not `ready`: it never settles where no worker is registered (yet), and then this device is simply off.
    void navigator.serviceWorker
      .getRegistration('/')
      .then((r) => r?.pushManager.getSubscription() ?? null)
      .then((subscription) => {
        if (!cancelled) setState(subscription ? 'on' : 'off');
      })
      .catch(() => !cancelled && setState('off'));
    return () => {
      cancelled = true;
    };
  }, []);

  /** 'Allow on this device': asks the browser, subscribes with MER's VAPID key and stores the subscription. */
  const allow = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const [r, key] = await Promise.all([registration(), fetchPushPublicKey()]);
      const subscription =
        (await r.pushManager.getSubscription()) ??
        (await r.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: applicationServerKeyFrom(key),
        }));
      await savePushSubscription(subscription.toJSON());
      setState('on');
    } finally {
      setBusy(false);
    }
  }, []);

  /** 'Turn off on this device'. */
  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription) {
        await forgetPushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, allow, turnOff };
}
