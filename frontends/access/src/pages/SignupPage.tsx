import '../styles.css';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from '@mer/router';
import { useSessionStore } from '@mer/api-client';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { StepIndicator } from '../components/StepIndicator.tsx';
import { InvitationStep } from '../components/InvitationStep.tsx';
import { CreateAccountStep } from '../components/CreateAccountStep.tsx';
import { useFeedback } from '@mer/design-system';
import { normaliseInvitationCode } from '../domain/signup-rules.ts';
import {
  clearSignupState,
  readSignupState,
  saveSignupState,
  type SignupState,
} from '../hooks/useSignupState.ts';

/** Two-step sign-up (spec 000 sections 2 and 4): invitation code or waiting list, then the account. */
export default function SignupPage() {
  const navigate = useNavigate();
  const status = useSessionStore((s) => s.status);
  const [searchParams] = useSearchParams();
  // The invitation e-mail links to /signup?code=...: that code fills the field. It is checked when the member
  // presses Continue, as a typed one is (the spec validates a code on submit, not while it is typed).
  const [linkCode] = useState(() => normaliseInvitationCode(searchParams.get('code') ?? ''));
  const [state, setState] = useState<SignupState | null>(() => readSignupState());
  // A link's code other than the one kept from an earlier visit starts again at step 1 with it.
  const [step, setStep] = useState<1 | 2>(() =>
    state && (!linkCode || state.invitationCode === linkCode) ? 2 : 1,
  );
  const feedback = useFeedback();
  const justCreated = useRef(false);
  const heading = useRef<HTMLDivElement>(null);

  const firstStep = useRef(step);
  useEffect(() => {
    // Moving between steps: take keyboard and screen-reader users to the new heading.
    if (step !== firstStep.current) heading.current?.querySelector('h1')?.focus();
  }, [step]);

  // Spec: a logged-in user is sent to /membership.
  if (status === 'signed-in' && !justCreated.current) return <Navigate to="/membership" replace />;

  // Back from the waiting list: its own heading and one message, not 'Create your account · Step 2 of 2'.
  const onWaitingList = step === 2 && Boolean(state?.waitingList) && !state?.invitationCode;

  return (
    <div ref={heading}>
      <AuthLayout
        eyebrow="Join MER"
        title={
          step === 1
            ? 'Begin with your invitation'
            : onWaitingList
              ? "You're on the waiting list"
              : 'Create your account'
        }
        subtitle={
          onWaitingList ? (
            <p>
              We will write to you as soon as a place is free. Already received an invitation code? Enter it
              below to create your account now.
            </p>
          ) : (
            <div className="space-y-3">
              <StepIndicator step={step} total={2} />
              <p>
                {step === 1
                  ? 'MER grows by invitation, so every member is welcomed by someone who already belongs.'
                  : 'A few details and your place in the community is ready.'}
              </p>
            </div>
          )
        }
        feedback={feedback.inline}
        footer={
          <>
            Already a member?{' '}
            <Link
              to="/login"
              className="font-semibold text-ink-800 underline decoration-sage-400 decoration-2 underline-offset-4 hover:text-ink-950"
            >
              Log in
            </Link>
          </>
        }
      >
        {step === 1 ? (
          <InvitationStep
            initialCode={linkCode || (state?.invitationCode ?? '')}
            show={feedback.show}
            onValidCode={(invitationCode, discountPercent) => {
              // Someone invited from the waiting list keeps the name and e-mail they gave there.
              const next: SignupState = {
                invitationCode,
                discountPercent,
                ...(state?.waitingList ? { waitingList: state.waitingList } : {}),
              };
              saveSignupState(next);
              setState(next);
              feedback.clear();
              setStep(2);
            }}
            onJoinedWaitingList={(name, email) => {
              const next = { invitationCode: '', discountPercent: null, waitingList: { name, email } };
              saveSignupState(next);
              setState(next);
              feedback.clear();
              setStep(2);
            }}
          />
        ) : (
          <CreateAccountStep
            invitationCode={state?.invitationCode ?? ''}
            discountPercent={state?.discountPercent ?? null}
            prefill={state?.waitingList}
            show={feedback.show}
            onChangeCode={() => {
              clearSignupState();
              setState(null);
              feedback.clear();
              setStep(1);
            }}
            onCreated={() => {
              justCreated.current = true;
              navigate('/membership', { replace: true });
            }}
          />
        )}
      </AuthLayout>
    </div>
  );
}
