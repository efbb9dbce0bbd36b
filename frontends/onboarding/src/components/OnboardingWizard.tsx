import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from '@mer/router';
import {
  ApiError,
  isAdminUser,
  StorageKeys,
  readLocal,
  removeLocal,
  signOut,
  useSessionStore,
} from '@mer/api-client';
import type { CompleteOnboarding as CompleteOnboardingInput, Me } from '@mer/contracts';
import { useCompleteOnboarding } from '../api/profile.ts';
import {
  isMembershipActive,
  markOnboardingCompleted,
  refreshMemberProfile,
  useMemberProfile,
  useMembership,
  type MemberProfile,
} from '@mer/server-state';
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  Button,
  Card,
  PagePlaceholder,
  ProgressBar,
  toast,
} from '@mer/design-system';
import {
  COMPLETE_REDIRECT_DELAY_MS,
  LAST_STEP,
  MESSAGES,
  STEP_TITLES,
  canLeaveStep,
  defaultNames,
  hasSavedProgress,
  progressFor,
  shouldShowRecovery,
  stepErrors,
  type WizardDraft,
} from '../domain/wizard-rules.ts';
import { clearDrafts, useWizardState } from '../hooks/useWizardState.ts';
import { RecoveryScreen, ScreenCard, WelcomeIntro } from './WizardScreens.tsx';
import { BasicInfoStep } from './steps/BasicInfoStep.tsx';
import { PhotoStep } from './steps/PhotoStep.tsx';
import { InterestsStep } from './steps/InterestsStep.tsx';
import { CosmicStep } from './steps/CosmicStep.tsx';
import { TermsStep } from './steps/TermsStep.tsx';
import { CompleteStep } from './steps/CompleteStep.tsx';

/**
 * Spec guards of /onboarding: no user → /login, no active membership → /membership. Admins complete a profile
 * without a membership (issue 13: they are never asked to pay).
 */
export default function OnboardingWizard() {
  const user = useSessionStore((s) => s.user);
  const { membership, isLoading } = useMembership();
  if (!user) return <Navigate to="/login" replace />;
  if (isAdminUser(user)) return <Wizard user={user} />;
  if (isLoading) return <PagePlaceholder label="Loading your membership…" />;
  if (!isMembershipActive(membership)) return <Navigate to="/membership" replace />;
  return <Wizard user={user} />;
}

function completionInput(d: WizardDraft): CompleteOnboardingInput {
  const b = d.birthData;
  return {
    name: d.name.trim(),
    bio: d.bio.trim(),
    cityId: d.cityId,
    languageIds: d.languagesSpoken,
    interests: d.interests,
    imageUrl: d.imageUrl,
    termsAccepted: true,
    cosmic:
      d.cosmicOptIn === 'yes' && d.sunSign && b?.cityId
        ? {
            birthDate: b.birthDate,
            birthTime: b.birthTime,
            cityId: b.cityId,
            sunSign: d.sunSign,
            moonSign: d.moonSign,
            risingSign: d.risingSign,
            humanDesign:
              d.humanDesignType && d.humanDesignStrategy && d.humanDesignAuthority && d.humanDesignProfile
                ? {
                    type: d.humanDesignType,
                    strategy: d.humanDesignStrategy,
                    authority: d.humanDesignAuthority,
                    profile: d.humanDesignProfile,
                  }
                : null,
          }
        : null,
  };
}

function Wizard({ user }: { user: Me }) {
  const navigate = useNavigate();
  const defaults = useMemo(() => defaultNames(user), [user]);
  const { profile } = useMemberProfile();
  const state = useWizardState(user.id, defaults);
  const { wizard, update, setStep } = state;
  const { step, data: draft } = wizard;

  // The signup handler's fresh-signup flag suppresses the recovery screen once (the flag is then removed).
  const [freshSignup] = useState(() => readLocal(StorageKeys.freshSignup) !== null);
  useEffect(() => removeLocal(StorageKeys.freshSignup), []);
  const [chosen, setChosen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [attempted, setAttempted] = useState<ReadonlySet<number>>(new Set());
  const [cityQuery, setCityQuery] = useState<string | null>(null);
  const [calculating, setCalculating] = useState(false);
  const [saving, setSaving] = useState(false);
  const completeOnboarding = useCompleteOnboarding();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Move focus to the new step's title so keyboard and screen-reader users start at the top of it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [step]);

  if (!state.ready) return <PagePlaceholder label="Loading your progress…" />;

  const restored = state.restored;
  const savedProgress = restored
    ? hasSavedProgress({
        step: restored.step,
        draft: restored.data,
        defaultName: defaults.name,
        startedAt: restored.startedAt,
      })
    : false;
  const showRecovery = shouldShowRecovery({
    onboardingCompleted: profile?.onboardingCompleted ?? false,
    profileName: (profile as MemberProfile | null)?.name ?? null,
    membershipActive: true,
    savedProgress,
    freshSignup,
    chosen,
  });

  async function leave(to: '/login' | '/') {
    setLeaving(true);
    const { ok } = await signOut();
    setLeaving(false);
    if (to === '/' && ok)
      toast({
        title: 'Signup Cancelled',
        description: 'You have been signed out. You can sign up again anytime.',
        tone: 'info',
      });
    else if (to === '/' && !ok) {
      toast({ title: 'Error', description: 'Failed to cancel signup. Please try again.', tone: 'error' });
      return;
    }
    navigate(to, { replace: true });
  }

  if (showRecovery) {
    return (
      <RecoveryScreen
        savedName={restored?.data.name ?? ''}
        savedStep={restored?.step ?? 0}
        hasProgress={savedProgress}
        busy={leaving}
        onContinue={() => setChosen(true)}
        onStartFresh={() => {
          state.startFresh();
          setChosen(true);
        }}
        onCancelSignup={() => void leave('/')}
        onBackToLogin={() => void leave('/login')}
      />
    );
  }

  const cityText = cityQuery ?? draft.location;
  const gate = { cityQuery: cityText, calculating };
  const errors = attempted.has(step) ? stepErrors(step, draft, gate) : {};
  const { label, percent } = progressFor(step);

  function next() {
    if (!canLeaveStep(step, draft, gate)) {
      setAttempted((s) => new Set(s).add(step));
      toast({ title: MESSAGES.gateTitle, description: MESSAGES.gateDescription, tone: 'error', key: 'gate' });
      return;
    }
    setStep(Math.min(LAST_STEP, step + 1));
  }

  async function complete() {
    setSaving(true);
    try {
      const saved = await completeOnboarding.mutateAsync(completionInput(draft));
      state.stopSaving();
      await clearDrafts(user.id);
      await new Promise((resolve) => setTimeout(resolve, COMPLETE_REDIRECT_DELAY_MS));
      // Mark the cached profile complete and move in the same tick, so the access guard sees /welcome with a
      // completed profile (never /onboarding with one, which it would send to /community); then refetch it.
      markOnboardingCompleted(saved);
      navigate('/welcome', { replace: true });
      void refreshMemberProfile();
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.status === 401) {
        toast({
          title: 'Authentication Required',
          description: 'Please log in again to complete your profile.',
          tone: 'error',
        });
        navigate('/login', { replace: true });
        return;
      }
      toast({
        title: 'Completion Failed',
        description:
          error instanceof Error && error.message
            ? error.message
            : 'Unable to complete onboarding. Please try again.',
        tone: 'error',
        durationMs: 8000,
      });
    }
  }

  const stepProps = { draft, update, errors };
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-24 sm:pt-10 sm:pb-16">
      <header className="mb-6 space-y-3">
        <div className="flex items-baseline justify-between gap-3">
          <p className="text-sm font-semibold tracking-[0.12em] text-sage-700 uppercase">{label}</p>
          <p className="text-sm text-ink-500 tabular-nums" aria-hidden="true">
            {percent}%
          </p>
        </div>
        <ProgressBar value={percent} label={`Profile setup: ${label}, ${percent}% complete`} />
        <h1
          ref={heading}
          tabIndex={-1}
          className="pt-2 font-display text-3xl text-ink-900 outline-none sm:text-4xl"
        >
          {STEP_TITLES[step]}
        </h1>
      </header>

      <Card padding="lg" className="px-5 sm:px-10">
        {step === 0 ? <WelcomeIntro name={draft.name} onStart={() => setStep(1)} /> : null}
        {step === 1 ? (
          <BasicInfoStep {...stepProps} cityQuery={cityText} setCityQuery={setCityQuery} />
        ) : null}
        {step === 2 ? <PhotoStep {...stepProps} /> : null}
        {step === 3 ? <InterestsStep {...stepProps} /> : null}
        {step === 4 ? (
          <CosmicStep {...stepProps} calculating={calculating} setCalculating={setCalculating} />
        ) : null}
        {step === 5 ? <TermsStep {...stepProps} /> : null}
        {step === 6 ? <CompleteStep draft={draft} /> : null}
      </Card>

      {step > 0 ? (
        <nav aria-label="Wizard steps" className="mt-6">
          <div className="mx-auto flex max-w-2xl items-center justify-between gap-3">
            <Button
              variant="ghost"
              icon={<ArrowLeftIcon className="size-4" />}
              onClick={() => setStep(step - 1)}
              disabled={saving}
            >
              Back
            </Button>
            {step < LAST_STEP ? (
              <Button
                onClick={next}
                disabled={calculating}
                icon={<ArrowRightIcon className="size-4" />}
                className="flex-row-reverse"
              >
                Continue
              </Button>
            ) : (
              <Button onClick={() => void complete()} disabled={saving} aria-busy={saving || undefined}>
                {saving ? 'Saving...' : 'Complete Profile'}
              </Button>
            )}
          </div>
        </nav>
      ) : null}
    </div>
  );
}

/** 'Something went wrong' (spec error fallback). */
export function WizardErrorFallback({ onRetry }: { onRetry: () => void }) {
  const navigate = useNavigate();
  return (
    <ScreenCard label="Something went wrong">
      <div className="text-center">
        <h1 className="text-3xl font-semibold text-ink-900">Something went wrong</h1>
        <p className="mx-auto mt-3 max-w-sm leading-relaxed text-ink-600">
          We encountered an error while setting up your profile.
        </p>
        <div className="mt-8 flex flex-col gap-3">
          <Button size="lg" onClick={onRetry}>
            Try Again
          </Button>
          <Button variant="ghost" onClick={() => navigate('/community')}>
            Skip to Community
          </Button>
        </div>
      </div>
    </ScreenCard>
  );
}
