import { useEffect, useRef, useState, type ReactNode } from 'react';
import { StorageKeys, readLocal, timing, writeLocal } from '@mer/api-client';
import { Button, LogoMark, ShareIcon, PlusSquareIcon, CheckIcon, useDeviceProfile } from '@mer/design-system';
import {
  clearDeferredInstallPrompt,
  deferredInstallPrompt,
  onInstallPromptChange,
} from './install-prompt-capture.ts';
import { formInProgress, installPromptPlacement } from './install-placement.ts';

type Shown = 'banner' | 'sheet' | 'ios-guide' | null;

const isSet = (key: string) => readLocal(key) === 'true';

/** How often a prompt that is due looks again whether the form in progress is done. */
const FORM_RECHECK_MS = 1000;

/**
 * The install prompt (spec 001 section 4). Desktop: the browser's install event is kept and the 'Install MER'
 * banner shows after 5 s unless seen before. Mobile: the combined flow, 3 s after the first click, scroll, key
 * or touch, when neither flag is set and installing is possible (Android with the install event; iOS Safari,
 * which gets the three-step guide). Accepting, dismissing or installing sets the seen flag.
 *
 * It never covers the page's primary action (issue 13): on phones and tablets it sits in the page's flow under
 * the navigation (no bottom sheet over the form's button), on large screens in the bottom-left corner. A prompt
 * that is due while a form is in progress waits until the form is left or sent.
 */
export function InstallPrompt() {
  const device = useDeviceProfile();
  const [shown, setShown] = useState<Shown>(null);
  const waitingForForm = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(waitingForForm.current), []);

  /** Shows the prompt once no form is in progress. */
  const reveal = (what: Exclude<Shown, null>) => {
    clearTimeout(waitingForForm.current);
    if (formInProgress(document)) {
      waitingForForm.current = setTimeout(() => reveal(what), FORM_RECHECK_MS);
      return;
    }
    setShown(what);
  };

  useEffect(() => {
    if (device.isStandalone) return;
    if (!device.isMobile) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        if (!deferredInstallPrompt() || isSet(StorageKeys.installPromptSeen)) return;
        timer = setTimeout(() => reveal('banner'), timing('installBannerDelayMs'));
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
        if (possible()) reveal(device.platform === 'ios' ? 'ios-guide' : 'sheet');
      }, timing('combinedPromptDelayMs'));
    };
    for (const e of events) window.addEventListener(e, onFirstInteraction, { capture: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, onFirstInteraction, true);
      clearTimeout(timer);
      clearTimeout(waitingForForm.current);
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

  const inline = installPromptPlacement(device) === 'inline';
  if (shown === 'banner' && !inline) {
    return (
      <div className="pointer-events-none fixed bottom-6 left-6 z-[64] flex justify-start">
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
  if (shown === 'banner' || shown === 'sheet') {
    return (
      <InlineInstallCard testId={shown === 'banner' ? 'install-banner' : 'install-sheet'}>
        <p className="mt-0.5 text-sm leading-relaxed text-ink-600">
          Add MER to your home screen for quick access and a calm, app-like experience.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={install}>
            Install App
          </Button>
          <Button size="sm" variant="ghost" onClick={notNow}>
            Not Now
          </Button>
        </div>
      </InlineInstallCard>
    );
  }
  if (shown === 'ios-guide') {
    const steps = [
      { icon: ShareIcon, text: 'Tap the Share button in Safari' },
      { icon: PlusSquareIcon, text: 'Select Add to Home Screen' },
      { icon: CheckIcon, text: 'Tap Add' },
    ];
    return (
      <InlineInstallCard testId="ios-install-guide">
        <ol className="mt-2 space-y-2">
          {steps.map((step, i) => (
            <li key={step.text} className="flex items-center gap-3 text-sm text-ink-800">
              <span className="grid size-8 shrink-0 place-items-center rounded-full bg-sand-50 text-ink-700 ring-1 ring-sand-200">
                <step.icon className="size-4" />
              </span>
              <span>
                <span className="font-semibold">{i + 1}.</span> {step.text}
              </span>
            </li>
          ))}
        </ol>
        <Button size="sm" className="mt-3" onClick={gotIt}>
          Got It!
        </Button>
      </InlineInstallCard>
    );
  }
  return null;
}

/** The offer in the page's flow, under the navigation: it moves the page down instead of lying over it. */
function InlineInstallCard({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      <section
        aria-labelledby="install-title"
        data-testid={testId}
        className="flex animate-fade-in gap-3 rounded-2xl bg-white p-4 shadow-soft ring-1 ring-sand-200"
      >
        <LogoMark className="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <h2 id="install-title" className="font-semibold text-ink-900">
            Install MER
          </h2>
          {children}
        </div>
      </section>
    </div>
  );
}
