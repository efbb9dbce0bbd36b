import type { ReactNode } from 'react';
import {
  ArrowRightIcon,
  Button,
  Card,
  HeartIcon,
  LeafIcon,
  LockIcon,
  SparkleIcon,
  StarIcon,
  UserIcon,
} from '@mer/design-system';
import { STEP_TITLES } from '../domain/wizard-rules.ts';

/** A calm centred card for the screens around the wizard. */
export function ScreenCard({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="mx-auto flex min-h-[75dvh] max-w-xl items-center px-4 py-10 sm:py-14">
      <Card padding="lg" className="relative w-full overflow-hidden" aria-label={label}>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-28 left-1/2 size-80 -translate-x-1/2 rounded-full bg-sage-100 blur-3xl"
        />
        <div className="relative">{children}</div>
      </Card>
    </div>
  );
}

const INTRO_ITEMS = [
  { icon: UserIcon, text: 'Basic info: your name, city, languages and a short intro', required: true },
  { icon: HeartIcon, text: 'A profile photo that shows your face', required: true },
  { icon: LeafIcon, text: 'The practices and interests that move you', required: true },
  { icon: StarIcon, text: 'Cosmic Information: your signs and Human Design', required: false },
  { icon: LockIcon, text: 'Accepting our community terms', required: true },
];

/** Step 0: the intro screen with its five items. */
export function WelcomeIntro({ name, onStart }: { name: string; onStart: () => void }) {
  const first = name.trim().split(/\s+/)[0];
  return (
    <div className="text-center">
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-ink-800 text-white shadow-soft">
        <SparkleIcon className="size-8" />
      </span>
      <h2 className="mt-5 font-display text-3xl text-ink-900">Welcome{first ? `, ${first}` : ''}</h2>
      <p className="mx-auto mt-3 max-w-md leading-relaxed text-ink-600">
        Let's set up your profile so that kindred spirits can find you. It takes about five minutes, and you
        can pause at any time: we keep your progress.
      </p>
      <ul className="mx-auto mt-7 max-w-md space-y-3 text-left">
        {INTRO_ITEMS.map((item) => (
          <li
            key={item.text}
            className="flex items-start gap-3 rounded-2xl bg-sand-50 p-3 ring-1 ring-sand-200"
          >
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-sage-100 text-sage-700">
              <item.icon className="size-5" />
            </span>
            <span className="pt-1.5 text-[0.95rem] text-ink-800">
              {item.text}{' '}
              {item.required ? (
                <span className="text-clay-700">
                  <span aria-hidden="true">*</span>
                  <span className="sr-only">(required)</span>
                </span>
              ) : (
                <span className="text-sm text-ink-500">(optional)</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-ink-500">Fields marked * are required.</p>
      <Button size="lg" className="mt-7" icon={<ArrowRightIcon className="size-5" />} onClick={onStart}>
        Get Started
      </Button>
    </div>
  );
}

export function RecoveryScreen({
  savedName,
  savedStep,
  hasProgress,
  onContinue,
  onStartFresh,
  onCancelSignup,
  onBackToLogin,
  busy,
}: {
  savedName: string;
  savedStep: number;
  hasProgress: boolean;
  onContinue: () => void;
  onStartFresh: () => void;
  onCancelSignup: () => void;
  onBackToLogin: () => void;
  busy: boolean;
}) {
  return (
    <ScreenCard label="Complete Your Profile">
      <div className="text-center">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-ink-800 text-white shadow-soft">
          <UserIcon className="size-8" />
        </span>
        <h1 className="mt-5 text-3xl font-semibold text-ink-900">Complete Your Profile</h1>
        {hasProgress ? (
          <div className="mx-auto mt-5 max-w-sm rounded-2xl bg-sand-50 p-4 text-left ring-1 ring-sand-200">
            <p className="text-sm text-ink-500">Saved progress</p>
            <p className="mt-1 font-semibold text-ink-900">{savedName || 'Your profile'}</p>
            <p className="text-sm text-ink-600">
              Step {savedStep} of {STEP_TITLES.length - 1}: {STEP_TITLES[savedStep]}
            </p>
          </div>
        ) : (
          <p className="mx-auto mt-3 max-w-sm leading-relaxed text-ink-600">
            Your membership is active. A few details about you and you are ready to meet the community.
          </p>
        )}
        <div className="mt-8 flex flex-col gap-3">
          {hasProgress ? (
            <>
              <Button size="lg" onClick={onContinue}>
                Continue Where I Left Off
              </Button>
              <Button variant="secondary" onClick={onStartFresh}>
                Start Fresh
              </Button>
            </>
          ) : (
            <>
              <Button size="lg" onClick={onContinue}>
                Complete My Profile
              </Button>
              <Button variant="secondary" onClick={onCancelSignup} loading={busy}>
                Cancel Sign Up
              </Button>
            </>
          )}
          <Button variant="ghost" onClick={onBackToLogin} disabled={busy}>
            Back to Login
          </Button>
        </div>
      </div>
    </ScreenCard>
  );
}
