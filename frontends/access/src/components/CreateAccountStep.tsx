import { useState, type FormEvent } from 'react';
import { toApiError } from '@mer/api-client';
import * as identityApi from '../api/identity.ts';
import { Badge, Button, PasswordField, TextField, CheckIcon, SparkleIcon } from '@mer/design-system';
import {
  SignupTexts,
  canCreateAccount,
  createAccountProblems,
  isFullName,
  visibleCreateAccountProblems,
  normaliseInvitationCode,
  normaliseUsername,
  type CreateAccountForm,
} from '../domain/signup-rules.ts';
import { useUsernameAvailability } from '../hooks/useUsernameAvailability.ts';
import type { Feedback } from '@mer/design-system';

export interface CreateAccountStepProps {
  invitationCode: string;
  discountPercent: number | null;
  prefill?: { name: string; email: string };
  onCreated: () => void;
  onChangeCode: () => void;
  show: (feedback: Feedback) => void;
}

type Field = keyof CreateAccountForm;

/** Step 2: name, username (checked live), e-mail, password and confirmation; the button waits until all is valid. */
export function CreateAccountStep({
  invitationCode,
  discountPercent,
  prefill,
  onCreated,
  onChangeCode,
  show,
}: CreateAccountStepProps) {
  const cameFromWaitingList = !invitationCode;
  const [form, setForm] = useState<CreateAccountForm>({
    invitationCode,
    name: prefill?.name ?? '',
    username: '',
    email: prefill?.email ?? '',
    password: '',
    confirmPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const { availability } = useUsernameAvailability(form.username);
  const problems = createAccountProblems(form, availability);
  const ready = canCreateAccount(form, availability);

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setForm((f) => ({
      ...f,
      [field]: field === 'invitationCode' ? e.target.value.toUpperCase() : e.target.value,
    }));
    setServerErrors((s) => ({ ...s, [field]: undefined }));
  };
  const touch = (field: Field) => () => setTouched((t) => ({ ...t, [field]: true }));
  const visibleProblems = visibleCreateAccountProblems(problems, form, touched, submitted);
  const errorFor = (field: Field) => serverErrors[field] ?? visibleProblems[field];

  const usernameStatus =
    problems.username || serverErrors.username
      ? undefined
      : availability === 'checking'
        ? 'Checking availability…'
        : availability === 'available'
          ? `@${normaliseUsername(form.username)} is available`
          : undefined;

  async function create(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!ready) {
      if (availability === 'unverifiable')
        show({
          title: 'Username validation failed',
          description: SignupTexts.usernameUnverifiable,
          tone: 'error',
        });
      else
        show({
          title: SignupTexts.missingFields,
          description: 'Please complete every field before creating your account.',
          tone: 'error',
        });
      return;
    }
    setBusy(true);
    try {
      await identityApi.signup({
        invitationCode: normaliseInvitationCode(form.invitationCode),
        name: form.name.trim(),
        username: normaliseUsername(form.username),
        email: form.email.trim(),
        password: form.password,
        confirmPassword: form.confirmPassword,
      });
      show({ title: 'Account created!', description: 'Setting up your profile...', tone: 'success' });
      onCreated();
    } catch (error) {
      setBusy(false);
      const apiError = toApiError(error);
      const fields: Partial<Record<Field, string>> = {};
      for (const field of [
        'invitationCode',
        'name',
        'username',
        'email',
        'password',
        'confirmPassword',
      ] as const) {
        const message = apiError.fieldMessage(field);
        if (message && message !== 'is required') fields[field] = message;
      }
      setServerErrors(fields);
      if (fields.username && apiError.code === 'duplicate_entry') {
        show({ title: 'Username not available', description: fields.username, tone: 'error' });
      } else {
        const message = apiError.status > 0 && apiError.status < 500 ? apiError.message : undefined;
        show({
          title: 'Signup failed',
          description: message || 'An unexpected error occurred. Please try again.',
          tone: 'error',
        });
      }
    }
  }

  return (
    <form onSubmit={create} noValidate className="space-y-5">
      {cameFromWaitingList ? (
        <>
          <h2 className="text-xl font-semibold">Create your account</h2>
          <TextField
            label="Invitation code"
            name="invitationCode"
            autoComplete="off"
            value={form.invitationCode}
            onChange={set('invitationCode')}
            onBlur={touch('invitationCode')}
            error={errorFor('invitationCode')}
            className="font-semibold tracking-[0.18em] uppercase"
            required
          />
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-2 rounded-2xl bg-sage-50 px-4 py-3 ring-1 ring-sage-100">
          <CheckIcon className="size-5 text-sage-600" />
          <span className="text-sm text-ink-700">
            Invitation <span className="font-semibold tracking-[0.12em] text-ink-900">{invitationCode}</span>{' '}
            accepted
          </span>
          {discountPercent ? (
            <Badge tone="gold">
              <SparkleIcon className="size-3.5" /> {discountPercent}% off your membership
            </Badge>
          ) : null}
          <button
            type="button"
            onClick={onChangeCode}
            className="ml-auto text-sm font-semibold text-ink-600 underline-offset-4 hover:text-ink-900 hover:underline"
          >
            Use another code
          </button>
        </div>
      )}
      <TextField
        label="Full name"
        name="name"
        autoComplete="name"
        value={form.name}
        onChange={set('name')}
        onBlur={touch('name')}
        error={errorFor('name')}
        hint={
          form.name.trim() && !isFullName(form.name)
            ? SignupTexts.fullNameHint
            : 'As you would like other members to know you.'
        }
        required
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={form.username}
        onChange={set('username')}
        onBlur={touch('username')}
        error={
          serverErrors.username ??
          (form.username || touched.username || submitted ? problems.username : undefined)
        }
        status={usernameStatus}
        statusTone={availability === 'available' ? 'positive' : 'pending'}
        hint="3 to 30 letters, numbers, underscores or hyphens."
        required
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        onBlur={touch('email')}
        error={errorFor('email')}
        required
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        onBlur={touch('password')}
        error={errorFor('password')}
        hint="At least 6 characters."
        required
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        onBlur={touch('confirmPassword')}
        error={errorFor('confirmPassword')}
        required
      />
      <Button
        type="submit"
        fullWidth
        size="lg"
        disabled={!ready}
        loading={busy}
        loadingLabel="Creating your account"
      >
        Create account
      </Button>
      <p className="text-center text-xs leading-relaxed text-ink-500">
        By creating an account you agree to our community guidelines and terms, which you will review during
        onboarding.
      </p>
    </form>
  );
}
