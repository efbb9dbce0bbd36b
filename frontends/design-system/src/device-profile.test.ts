import { describe, expect, it } from 'vitest';
import { computeDeviceProfile, sizeClassFor } from './device-profile.ts';
import { formatCount } from './components/Badge.tsx';

const desktopUa =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const iphoneUa =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('device profile (spec 000 section 4)', () => {
  it('size classes: xs < 480, sm < 768, md < 1024, lg < 1280, xl above', () => {
    expect([479, 480, 767, 768, 1023, 1024, 1279, 1280].map(sizeClassFor)).toEqual([
      'xs',
      'sm',
      'sm',
      'md',
      'md',
      'lg',
      'lg',
      'xl',
    ]);
  });

  it('is mobile under 768 px or with a mobile user agent', () => {
    const env = { height: 800, maxTouchPoints: 0, hasTouchEvents: false, standalone: false };
    expect(computeDeviceProfile({ ...env, width: 767, userAgent: desktopUa }).isMobile).toBe(true);
    expect(computeDeviceProfile({ ...env, width: 1024, userAgent: desktopUa }).isMobile).toBe(false);
    const ipad = computeDeviceProfile({ ...env, width: 1024, userAgent: iphoneUa, maxTouchPoints: 5 });
    expect([ipad.isMobile, ipad.platform, ipad.hasTouch, ipad.isIosSafari, ipad.orientation]).toEqual([
      true,
      'ios',
      true,
      true,
      'landscape',
    ]);
  });

  it('caps badges at 99+', () => {
    expect([formatCount(99), formatCount(100)]).toEqual(['99', '99+']);
  });
});
