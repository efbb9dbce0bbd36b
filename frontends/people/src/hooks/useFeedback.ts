import { useCallback, useState } from 'react';
import { toast, useDeviceProfile, type ToastTone } from '@mer/design-system';

export interface Feedback {
  title: string;
  description?: string;
  tone: ToastTone;
}

/**
 * Shows a message as a toast, the spec's way. Phones render no toast area (spec 000 section 4), so there the
 * section that raised it also shows it inline.
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
