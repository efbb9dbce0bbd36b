import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from '@mer/router';
import { StorageKeys, removeLocal, signOut, useSessionStore, writeLocal } from '@mer/api-client';
import { useMemberProfile, useMembership, isMembershipActive } from '@mer/server-state';
import { Button, Card, Spinner, PagePlaceholder, SparkleIcon, toast } from '@mer/design-system';
import {
  ONBOARDING_REDIRECT_DELAY_MS,
  PAYMENT_CONFIRMATION_WAIT_MS,
  signupHandlerStep,
} from '../domain/signup-handler.ts';

/** Routes a fresh account to its next step: membership, onboarding or the community. */
export default function SignupHandler() {
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const { profile, isLoading: profileLoading } = useMemberProfile();
  const location = useLocation();
  // Back from the payment page: the membership turns active when the provider's webhook arrives.
  const awaitingPayment = new URLSearchParams(location.search).get('payment') === 'success';
  const [paymentWaitOver, setPaymentWaitOver] = useState(false);
  const { membership, isLoading: membershipLoading } = useMembership({
    pollUntilActive: awaitingPayment && !paymentWaitOver,
  });
  const [cancelling, setCancelling] = useState(false);
  const step = signupHandlerStep({
    signedIn: Boolean(user),
    loading: profileLoading || membershipLoading,
    profile,
    membershipActive: isMembershipActive(membership),
    awaitingPayment,
    paymentWaitOver,
  });

  useEffect(() => {
    if (step !== 'confirming-payment') return;
    const timer = setTimeout(() => setPaymentWaitOver(true), PAYMENT_CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [step]);

  useEffect(() => {
    if (step !== 'onboarding' || !user) return;
    // A fresh start: drop old drafts, and tell onboarding not to offer "continue where you left off".
    removeLocal(StorageKeys.onboardingStep);
    removeLocal(StorageKeys.onboardingData);
    removeLocal(`${StorageKeys.onboardingUserPrefix}${user.id}`);
    writeLocal(StorageKeys.freshSignup, '1');
    const timer = setTimeout(() => navigate('/onboarding', { replace: true }), ONBOARDING_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step, user, navigate]);

  async function cancelSignup() {
    setCancelling(true);
    const { ok } = await signOut();
    if (ok) {
      toast({
        title: 'Signup Cancelled',
        description: 'You have been signed out. You can sign up again anytime.',
        tone: 'info',
      });
      navigate('/', { replace: true });
    } else {
      setCancelling(false);
      toast({ title: 'Error', description: 'Failed to cancel signup. Please try again.', tone: 'error' });
    }
  }

  switch (step) {
    case 'login':
      return <Navigate to="/login" replace />;
    case 'community':
      return <Navigate to="/community" replace />;
    case 'wait':
      return <PagePlaceholder />;
    case 'confirming-payment':
      return (
        <div
          role="status"
          className="flex min-h-[70dvh] flex-col items-center justify-center gap-5 px-4 text-center"
        >
          <Spinner size="lg" className="text-sage-500" />
          <p className="font-display text-2xl text-ink-900">Confirming your payment</p>
          <p className="max-w-sm text-ink-600">This takes a few seconds. Please keep this page open.</p>
        </div>
      );
    case 'onboarding':
      return (
        <div
          role="status"
          className="flex min-h-[70dvh] flex-col items-center justify-center gap-5 px-4 text-center"
        >
          <Spinner size="lg" className="text-sage-500" />
          <p className="font-display text-2xl text-ink-900">Preparing your onboarding experience</p>
        </div>
      );
    case 'choose-membership':
      return (
        <div className="mx-auto flex min-h-[75dvh] max-w-xl items-center px-4 py-12">
          <Card padding="lg" className="relative w-full overflow-hidden text-center">
            <div
              aria-hidden="true"
              className="pointer-events-none absolute -top-24 left-1/2 size-72 -translate-x-1/2 rounded-full bg-sage-100 blur-2xl"
            />
            <div className="relative">
              <span className="mx-auto grid size-16 place-items-center rounded-full bg-ink-800 text-white shadow-soft">
                <SparkleIcon className="size-8" />
              </span>
              <h1 className="mt-6 text-3xl font-semibold">Complete Your Setup</h1>
              <p className="mx-auto mt-3 max-w-sm leading-relaxed text-ink-600">
                Welcome{user?.name ? `, ${user.name.split(' ')[0]}` : ''}! Choose the membership that suits
                you, then we will help you set up your profile.
              </p>
              <div className="mt-8 flex flex-col gap-3">
                <Button size="lg" onClick={() => navigate('/membership')}>
                  Continue to Membership Selection
                </Button>
                <Button variant="ghost" loading={cancelling} onClick={cancelSignup}>
                  Cancel Signup
                </Button>
              </div>
            </div>
          </Card>
        </div>
      );
  }
}
