import '../styles.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@mer/router';
import { ApiError, describeError, toApiError, useSessionStore } from '@mer/api-client';
import * as identityApi from '../api/identity.ts';
import { Alert, Button, Checkbox, PasswordField, TextField, ArrowLeftIcon, toast } from '@mer/design-system';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { useFeedback } from '@mer/design-system';
import { LoginTexts, ResetTexts, loginFailureMessage } from '../domain/signup-rules.ts';
import { destinationAfterLogin } from '../domain/post-login.ts';

type Mode = 'login' | 'forgot';

/** Login (spec 000 section 2): identifier and password, remember me for 30 days, and a forgot-password mode. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const status = useSessionStore((s) => s.status);
  const user = useSessionStore((s) => s.user);
  const [mode, setMode] = useState<Mode>('login');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<{ identifier?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [resetSent, setResetSent] = useState(false);
  const feedback = useFeedback();
  const routing = useRef(false);
  const reason = (location.state as { reason?: string } | null)?.reason;

  // An existing session goes where a fresh login would.
  useEffect(() => {
    if (status !== 'signed-in' || !user || routing.current) return;
    routing.current = true;
    void destinationAfterLogin(user).then((to) => navigate(to, { replace: true }));
  }, [status, user, navigate]);

  async function logIn(event: FormEvent) {
    event.preventDefault();
    feedback.clear();
    const nextErrors = {
      identifier: identifier.trim() ? undefined : 'Please enter your email or username',
      password: password ? undefined : 'Please enter your password',
    };
    setErrors(nextErrors);
    if (nextErrors.identifier || nextErrors.password) {
      feedback.show({
        title: LoginTexts.missing.title,
        description: LoginTexts.missing.message,
        tone: 'error',
      });
      return;
    }
    setBusy(true);
    try {
      routing.current = true;
      const session = await identityApi.login({ identifier: identifier.trim(), password, rememberMe });
      feedback.show({ title: LoginTexts.welcomeBack, tone: 'success' });
      navigate(await destinationAfterLogin(session.user), { replace: true });
    } catch (error) {
      routing.current = false;
      setBusy(false);
      const apiError = toApiError(error);
      if (apiError.code === 'authentication_error') {
        feedback.show({
          title: LoginTexts.failed,
          description: loginFailureMessage(apiError.message),
          tone: 'error',
        });
      } else if (apiError.code === 'item_not_found') {
        feedback.show({
          title: LoginTexts.userNotFound.title,
          description: LoginTexts.userNotFound.message,
          tone: 'error',
        });
      } else if (apiError.code === 'invalid_data') {
        setErrors({
          identifier: apiError.fieldMessage('identifier'),
          password: apiError.fieldMessage('password'),
        });
        feedback.show({ title: apiError.title, description: apiError.message, tone: 'error' });
      } else if (apiError.status === 0 || apiError.code === 'too_many_requests' || apiError.status >= 500) {
        feedback.show({ ...describeError(apiError), tone: 'error' });
      } else {
        feedback.show({
          title: LoginTexts.generic.title,
          description: LoginTexts.generic.message,
          tone: 'error',
        });
      }
    }
  }

  async function sendResetLink(event: FormEvent) {
    event.preventDefault();
    feedback.clear();
    if (!identifier.trim()) {
      setErrors({ identifier: LoginTexts.resetIdentifierMissing.message });
      feedback.show({
        title: LoginTexts.resetIdentifierMissing.title,
        description: LoginTexts.resetIdentifierMissing.message,
        tone: 'error',
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const notice = await identityApi.requestPasswordReset(identifier.trim());
      // One message: the toast where toasts show, and the 'Check your inbox' card on the page (the only one on
      // phones, which render no toasts), not an inline copy of the toast stacked above it.
      setResetSent(true);
      toast({ title: notice.title, description: notice.message, tone: 'success' });
    } catch (error) {
      const apiError = toApiError(error);
      feedback.show(
        apiError instanceof ApiError && apiError.status > 0 && apiError.status < 500
          ? { title: apiError.title, description: apiError.message, tone: 'error' }
          : { ...describeError(apiError), tone: 'error' },
      );
    } finally {
      setBusy(false);
    }
  }

  function switchMode(next: Mode) {
    setMode(next);
    setErrors({});
    setResetSent(false);
    feedback.clear();
  }

  if (mode === 'forgot') {
    return (
      <AuthLayout
        eyebrow="Forgot password"
        title="Reset your password"
        subtitle="Enter the email address or username of your account and we will send you a link to choose a new password."
        feedback={feedback.inline}
        footer={
          <button
            type="button"
            onClick={() => switchMode('login')}
            className="inline-flex items-center gap-1.5 font-semibold text-ink-700 hover:text-ink-900"
          >
            <ArrowLeftIcon className="size-4" /> Back to login
          </button>
        }
      >
        {resetSent ? (
          <Alert tone="success" title="Check your inbox">
            If an account matches these details, a reset link is on its way. It works for one hour. Remember
            to look in your spam folder too.
          </Alert>
        ) : null}
        <form onSubmit={sendResetLink} noValidate className="mt-6 space-y-5">
          <TextField
            label="Email or username"
            name="identifier"
            autoComplete="username"
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            error={errors.identifier}
            required
          />
          <Button type="submit" fullWidth size="lg" loading={busy}>
            Send reset link
          </Button>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      eyebrow="Welcome back"
      title="Log in to MER"
      subtitle="Good to see you again. Your circles have been gathering."
      feedback={feedback.inline}
      footer={
        <>
          New here?{' '}
          <Link
            to="/signup"
            className="font-semibold text-ink-800 underline decoration-sage-400 decoration-2 underline-offset-4 hover:text-ink-950"
          >
            Join with an invitation
          </Link>
        </>
      }
    >
      <ArrivalNotice reason={reason} />
      <form onSubmit={logIn} noValidate className="space-y-5">
        <TextField
          label="Email or username"
          name="identifier"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          error={errors.identifier}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <div className="flex items-center justify-between gap-4">
          <Checkbox
            label="Remember me for 30 days"
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.target.checked)}
          />
          <button
            type="button"
            onClick={() => switchMode('forgot')}
            className="shrink-0 text-sm font-semibold text-ink-700 underline-offset-4 hover:text-ink-900 hover:underline"
          >
            Forgot password?
          </button>
        </div>
        <Button type="submit" fullWidth size="lg" loading={busy} loadingLabel="Logging in">
          Log In
        </Button>
      </form>
    </AuthLayout>
  );
}

/** Why the member arrived here, for phones (no toasts there) and for anyone who missed the toast. */
function ArrivalNotice({ reason }: { reason?: string }) {
  if (reason === 'idle') {
    return (
      <Alert tone="info" title="Session expired" className="mb-6">
        Session expired due to inactivity. Please log in again.
      </Alert>
    );
  }
  if (reason === 'reset-link-invalid') {
    return (
      <Alert tone="error" title={ResetTexts.invalidLink.title} className="mb-6">
        {ResetTexts.invalidLink.message}
      </Alert>
    );
  }
  if (reason === 'password-updated') {
    return (
      <Alert tone="success" title={ResetTexts.updated.title} className="mb-6">
        {ResetTexts.updated.message}
      </Alert>
    );
  }
  return null;
}
