import { useState, type FormEvent } from 'react';
import { toApiError } from '@mer/api-client';
import * as identityApi from '../api/identity.ts';
import { Button, TextField, Card, MailIcon, toast } from '@mer/design-system';
import { SignupTexts, looksLikeEmail, normaliseInvitationCode } from '../domain/signup-rules.ts';
import type { Feedback } from '@mer/design-system';

export interface InvitationStepProps {
  initialCode: string;
  onValidCode: (code: string, discountPercent: number | null) => void;
  onJoinedWaitingList: (name: string, email: string) => void;
  show: (feedback: Feedback) => void;
}

/** Step 1: the invitation code (upper-cased and checked by identity), or the waiting list for people without one. */
export function InvitationStep({ initialCode, onValidCode, onJoinedWaitingList, show }: InvitationStepProps) {
  const [code, setCode] = useState(initialCode);
  const [codeError, setCodeError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [waitingListOpen, setWaitingListOpen] = useState(false);

  async function validate(event: FormEvent) {
    event.preventDefault();
    const normalised = normaliseInvitationCode(code);
    if (!normalised) {
      setCodeError(SignupTexts.invitationRequired);
      return;
    }
    setCodeError(undefined);
    setChecking(true);
    try {
      const result = await identityApi.validateInvitation(normalised);
      if (result.valid) {
        onValidCode(result.code ?? normalised, result.discount?.percentOff ?? null);
      } else {
        setCodeError(result.error || SignupTexts.invitationInvalid);
      }
    } catch (error) {
      const apiError = toApiError(error);
      setCodeError(
        apiError.status === 0 || apiError.status >= 500
          ? SignupTexts.invitationTransport
          : apiError.message || SignupTexts.invitationInvalid,
      );
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="space-y-8">
      <form onSubmit={validate} noValidate className="space-y-5">
        <TextField
          label="Invitation code"
          name="invitationCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. LOTUS7K2"
          value={code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setCodeError(undefined);
          }}
          error={codeError}
          hint="Members receive invitation codes to share with friends."
          className="font-semibold tracking-[0.18em] uppercase placeholder:font-normal placeholder:tracking-normal placeholder:normal-case"
          required
        />
        <Button type="submit" fullWidth size="lg" loading={checking} loadingLabel="Checking the code">
          Continue
        </Button>
      </form>

      <div className="relative text-center" aria-hidden="true">
        <span className="absolute inset-x-0 top-1/2 h-px bg-sand-200" />
        <span className="relative bg-sand-50 px-3 text-sm text-ink-500">or</span>
      </div>

      {waitingListOpen ? (
        <WaitingListForm
          onJoined={onJoinedWaitingList}
          show={show}
          onCancel={() => setWaitingListOpen(false)}
        />
      ) : (
        <Card
          tone="sand"
          padding="sm"
          className="flex flex-col gap-4 shadow-none sm:flex-row sm:items-center"
        >
          <div className="flex min-w-0 flex-1 items-center gap-4">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-white text-sage-700">
              <MailIcon className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-ink-900">No invitation code yet?</p>
              <p className="text-sm text-ink-600">
                Join the waiting list and we will write when a place opens.
              </p>
            </div>
          </div>
          <Button variant="secondary" size="sm" onClick={() => setWaitingListOpen(true)}>
            Join the waiting list
          </Button>
        </Card>
      )}
    </div>
  );
}

function WaitingListForm({
  onJoined,
  onCancel,
  show,
}: {
  onJoined: (name: string, email: string) => void;
  onCancel: () => void;
  show: (feedback: Feedback) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);

  async function join(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !email.trim()) {
      setErrors({
        name: name.trim() ? undefined : 'Name is required',
        email: email.trim() ? undefined : 'Email is required',
      });
      show({
        title: SignupTexts.waitingListMissing.title,
        description: SignupTexts.waitingListMissing.message,
        tone: 'error',
      });
      return;
    }
    if (!looksLikeEmail(email)) {
      setErrors({ email: SignupTexts.invalidEmail.message });
      show({
        title: SignupTexts.invalidEmail.title,
        description: SignupTexts.invalidEmail.message,
        tone: 'error',
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const notice = await identityApi.joinWaitingList({ name: name.trim(), email: email.trim() });
      // The toast where toasts show; the next screen's heading says it on every device (one message, no copy).
      toast({ title: notice.title, description: notice.message, tone: 'success' });
      onJoined(name.trim(), email.trim());
    } catch (error) {
      const apiError = toApiError(error);
      setErrors({ name: apiError.fieldMessage('name'), email: apiError.fieldMessage('email') });
      show({ title: apiError.title, description: apiError.message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card padding="md" className="shadow-none">
      <h2 className="text-xl font-semibold">Join the waiting list</h2>
      <p className="mt-1 text-sm text-ink-600">
        Tell us who you are; we will let you know as soon as a place is free.
      </p>
      <form onSubmit={join} noValidate className="mt-5 space-y-4">
        <TextField
          label="Your name"
          name="waitingName"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
        />
        <TextField
          label="Email"
          name="waitingEmail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy}>
            Join the waiting list
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
