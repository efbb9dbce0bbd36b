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

/** The shell's service worker (registered after the first render) once it is active. */
function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
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
    void registration()
      .then((r) => r.pushManager.getSubscription())
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
