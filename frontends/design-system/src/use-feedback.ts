import { useCallback, useState } from 'react';
import { toast, type ToastTone } from './components/toast-store.ts';
import { useDeviceProfile } from './device-profile.ts';

export interface Feedback {
  title: string;
  description?: string;
  tone: ToastTone;
}

/**
 * Shows a message as a toast, the spec's way. Toast areas are not rendered on mobile, so on phones the same
 * message is also returned for the page to show inline, next to the form.
 */
export function useFeedback() {
  const device = useDeviceProfile();
  const [inline, setInline] = useState<Feedback | null>(null);
  const show = useCallback((feedback: Feedback) => {
    toast(feedback);
    setInline(feedback);
  }, []);
  const clear = useCallback(() => setInline(null), []);
  return { inline: device.isMobile ? inline : null, show, clear };
}
