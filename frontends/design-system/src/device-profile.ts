import { useSyncExternalStore } from 'react';

/** Spec 000 section 4 "Device profile". */
export type SizeClass = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
export type Platform = 'ios' | 'android' | 'web';

export interface DeviceProfile {
  /** A viewport under 768 px or a mobile user agent. */
  isMobile: boolean;
  sizeClass: SizeClass;
  platform: Platform;
  hasTouch: boolean;
  orientation: 'portrait' | 'landscape';
  /** Safari on iPhone/iPad (its scroll events are coarser: the nav uses a 1 px threshold there). */
  isIosSafari: boolean;
  /** Running as an installed app. */
  isStandalone: boolean;
  width: number;
}

export const MOBILE_MAX_WIDTH = 768;

export function sizeClassFor(width: number): SizeClass {
  if (width < 480) return 'xs';
  if (width < 768) return 'sm';
  if (width < 1024) return 'md';
  if (width < 1280) return 'lg';
  return 'xl';
}

export function platformFor(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1))
    return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'web';
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i.test(userAgent);
}

export function computeDeviceProfile(env: {
  width: number;
  height: number;
  userAgent: string;
  maxTouchPoints: number;
  hasTouchEvents: boolean;
  standalone: boolean;
}): DeviceProfile {
  const platform = platformFor(env.userAgent, env.maxTouchPoints);
  return {
    isMobile: env.width < MOBILE_MAX_WIDTH || isMobileUserAgent(env.userAgent),
    sizeClass: sizeClassFor(env.width),
    platform,
    hasTouch: env.hasTouchEvents || env.maxTouchPoints > 0,
    orientation: env.height >= env.width ? 'portrait' : 'landscape',
    isIosSafari:
      platform === 'ios' && /Safari/i.test(env.userAgent) && !/CriOS|FxiOS|EdgiOS/i.test(env.userAgent),
    isStandalone: env.standalone,
    width: env.width,
  };
}

function readBrowser(): DeviceProfile {
  return computeDeviceProfile({
    width: window.innerWidth,
    height: window.innerHeight,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    hasTouchEvents: 'ontouchstart' in window,
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
  });
}

let current: DeviceProfile | null = null;
const listeners = new Set<() => void>();
let detach: (() => void) | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!detach) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      // Spec: resize handling is debounced 150 ms.
      timer = setTimeout(() => {
        const next = readBrowser();
        if (JSON.stringify(next) !== JSON.stringify(current)) {
          current = next;
          for (const l of listeners) l();
        }
      }, 150);
    };
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    detach = () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
      clearTimeout(timer);
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && detach) {
      detach();
      detach = null;
    }
  };
}

export function getDeviceProfile(): DeviceProfile {
  if (!current) current = readBrowser();
  return current;
}

/** The device profile as one hook: mobile, size class, platform, touch, orientation. */
export function useDeviceProfile(): DeviceProfile {
  return useSyncExternalStore(subscribe, getDeviceProfile, getDeviceProfile);
}
