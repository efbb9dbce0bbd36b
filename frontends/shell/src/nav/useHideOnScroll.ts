import { useEffect, useState } from 'react';

/**
 * Hides the mobile navigation while scrolling down and shows it when scrolling up (spec: thresholds 3 px,
 * 1 px on iOS Safari, 50 ms hide delay).
 */
export function useHideOnScroll(enabled: boolean, thresholdPx: number, hideDelayMs = 50): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let lastY = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const y = Math.max(0, window.scrollY);
      const delta = y - lastY;
      if (Math.abs(delta) < thresholdPx) return;
      lastY = y;
      clearTimeout(timer);
      if (delta > 0 && y > 64) timer = setTimeout(() => setHidden(true), hideDelayMs);
      else setHidden(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [enabled, thresholdPx, hideDelayMs]);
  return hidden;
}
