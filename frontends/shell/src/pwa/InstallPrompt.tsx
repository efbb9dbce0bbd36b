import { useEffect, useState } from 'react';
import { StorageKeys, readLocal, timing, writeLocal } from '@mer/api-client';
import {
  BottomSheet,
  Button,
  LogoMark,
  ShareIcon,
  PlusSquareIcon,
  CheckIcon,
  useDeviceProfile,
} from '@mer/design-system';
import {
  clearDeferredInstallPrompt,
  deferredInstallPrompt,
  onInstallPromptChange,
} from './install-prompt-capture.ts';

type Shown = 'banner' | 'sheet' | 'ios-guide' | null;

const isSet = (key: string) => readLocal(key) === 'true';

/**
 * The install prompt (spec 001 section 4). Desktop: the browser's install event is kept and the 'Install MER'
 * banner shows after 5 s unless seen before. Mobile: the combined flow, 3 s after the first click, scroll, key
 * or touch, when neither flag is set and installing is possible (Android with the install event; iOS Safari,
 * which gets the three-step guide). Accepting, dismissing or installing sets the seen flag.
 */
export function InstallPrompt() {
  const device = useDeviceProfile();
  const [shown, setShown] = useState<Shown>(null);

  useEffect(() => {
    if (device.isStandalone) return;
    if (!device.isMobile) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        if (!deferredInstallPrompt() || isSet(StorageKeys.installPromptSeen)) return;
        timer = setTimeout(() => setShown('banner'), timing('installBannerDelayMs'));
      };
      arm();
      const stop = onInstallPromptChange(arm);
      return () => {
        stop();
        clearTimeout(timer);
      };
    }
    if (isSet(StorageKeys.installPromptSeen) || isSet(StorageKeys.iosInstallPromptDismissed)) return;
    const possible = () =>
      device.platform === 'ios'
        ? device.isIosSafari
        : device.platform === 'android' && deferredInstallPrompt() !== null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const events = ['click', 'scroll', 'keydown', 'touchstart'] as const;
    const onFirstInteraction = () => {
      for (const e of events) window.removeEventListener(e, onFirstInteraction, true);
      timer = setTimeout(() => {
        if (possible()) setShown(device.platform === 'ios' ? 'ios-guide' : 'sheet');
      }, timing('combinedPromptDelayMs'));
    };
    for (const e of events) window.addEventListener(e, onFirstInteraction, { capture: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, onFirstInteraction, true);
      clearTimeout(timer);
    };
  }, [device.isStandalone, device.isMobile, device.platform, device.isIosSafari]);

  useEffect(() => {
    const onInstalled = () => {
      writeLocal(StorageKeys.installPromptSeen, 'true');
      setShown(null);
    };
    window.addEventListener('appinstalled', onInstalled);
    return () => window.removeEventListener('appinstalled', onInstalled);
  }, []);

  async function install() {
    const event = deferredInstallPrompt();
    writeLocal(StorageKeys.installPromptSeen, 'true');
    setShown(null);
    if (!event) return;
    clearDeferredInstallPrompt();
    await event.prompt();
    await event.userChoice.catch(() => undefined);
  }

  function notNow() {
    writeLocal(StorageKeys.installPromptSeen, 'true');
    setShown(null);
  }

  function gotIt() {
    writeLocal(StorageKeys.iosInstallPromptDismissed, 'true');
    setShown(null);
  }

  if (shown === 'banner') {
    return (
      <div className="pointer-events-none fixed inset-x-0 bottom-6 z-[64] flex justify-center px-4 md:left-6 md:justify-start">
        <section
          aria-labelledby="install-title"
          data-testid="install-banner"
          className="pointer-events-auto flex w-full max-w-sm animate-fade-in gap-4 rounded-2xl bg-white p-5 shadow-lift ring-1 ring-sand-200"
        >
          <LogoMark className="size-12 shrink-0" />
          <div className="min-w-0">
            <h2 id="install-title" className="text-lg font-semibold text-ink-900">
              Install MER
            </h2>
            <p className="mt-1 text-sm leading-relaxed text-ink-600">
              Keep MER one tap away, with a calm, app-like experience.
            </p>
            <div className="mt-4 flex gap-2">
              <Button size="sm" onClick={install}>
                Install App
              </Button>
              <Button size="sm" variant="ghost" onClick={notNow}>
                Not Now
              </Button>
            </div>
          </div>
        </section>
      </div>
    );
  }
  if (shown === 'sheet') {
    return (
      <BottomSheet open onClose={notNow} title="Install MER">
        <div data-testid="install-sheet" className="flex items-center gap-4 pb-2">
          <LogoMark className="size-14 shrink-0" />
          <p className="text-sm leading-relaxed text-ink-600">
            Add MER to your home screen for quick access and a calm, app-like experience.
          </p>
        </div>
        <div className="mt-4 flex flex-col gap-2">
          <Button size="lg" onClick={install}>
            Install App
          </Button>
          <Button variant="ghost" onClick={notNow}>
            Not Now
          </Button>
        </div>
      </BottomSheet>
    );
  }
  if (shown === 'ios-guide') {
    const steps = [
      { icon: ShareIcon, text: 'Tap the Share button in Safari' },
      { icon: PlusSquareIcon, text: 'Select Add to Home Screen' },
      { icon: CheckIcon, text: 'Tap Add' },
    ];
    return (
      <BottomSheet open onClose={gotIt} title="Install MER">
        <ol data-testid="ios-install-guide" className="space-y-3">
          {steps.map((step, i) => (
            <li key={step.text} className="flex items-center gap-4 rounded-2xl bg-sand-50 p-3.5">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-white text-ink-700 shadow-soft">
                <step.icon className="size-5" />
              </span>
              <span className="text-[0.95rem] text-ink-800">
                <span className="font-semibold">{i + 1}.</span> {step.text}
              </span>
            </li>
          ))}
        </ol>
        <Button size="lg" fullWidth className="mt-5" onClick={gotIt}>
          Got It!
        </Button>
      </BottomSheet>
    );
  }
  return null;
}
