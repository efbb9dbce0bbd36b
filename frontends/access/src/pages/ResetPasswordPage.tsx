import '../styles.css';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@mer/router';
import { toApiError } from '@mer/api-client';
import * as identityApi from '../api/identity.ts';
import { Button, PasswordField, PagePlaceholder, ArrowLeftIcon } from '@mer/design-system';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { useFeedback } from '@mer/design-system';
import { ResetTexts, resetPasswordProblem } from '../domain/signup-rules.ts';
import { readResetToken } from '../domain/reset-token.ts';

/**
 * New password form, the target of the reset e-mail (spec 000 section 2). The token travels in the URL
 * fragment, so it never reaches a server log; it is removed from the address bar once read.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [token] = useState(() => readResetToken(window.location.hash));
  const [linkState, setLinkState] = useState<'checking' | 'valid'>('checking');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    const invalid = () => {
      feedback.show({
        title: ResetTexts.invalidLink.title,
        description: ResetTexts.invalidLink.message,
        tone: 'error',
      });
      navigate('/login', { replace: true, state: { reason: 'reset-link-invalid' } });
    };
    if (!token) {
      invalid();
      return;
    }
    let cancelled = false;
    identityApi
      .verifyPasswordReset(token)
      .then((answer) => {
        if (cancelled) return;
        if (answer.valid) setLinkState('valid');
        else invalid();
      })
      .catch(() => {
        if (!cancelled) invalid();
      });
    return () => {
      cancelled = true;
    };
    // Runs once per visit: the link is checked as the page opens.
  }, []);

  async function update(event: FormEvent) {
    event.preventDefault();
    const problem = resetPasswordProblem(password, confirmation);
    if (problem) {
      feedback.show({ title: problem.title, description: problem.message, tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      const notice = await identityApi.confirmPasswordReset({
        token: token!,
        password,
        confirmPassword: confirmation,
      });
      feedback.show({
        title: notice.title || ResetTexts.updated.title,
        description: notice.message || ResetTexts.updated.message,
        tone: 'success',
      });
      navigate('/login', { replace: true, state: { reason: 'password-updated' } });
    } catch (error) {
      setBusy(false);
      const apiError = toApiError(error);
      if (apiError.title === ResetTexts.invalidLink.title) {
        feedback.show({ title: apiError.title, description: apiError.message, tone: 'error' });
        navigate('/login', { replace: true, state: { reason: 'reset-link-invalid' } });
      } else if (apiError.status > 0 && apiError.status < 500) {
        feedback.show({ title: apiError.title, description: apiError.message, tone: 'error' });
      } else {
        feedback.show({ title: 'An error occurred', description: 'Please try again later.', tone: 'error' });
      }
    }
  }

  if (linkState === 'checking') return <PagePlaceholder label="Checking your reset link" />;

  const problem = password && confirmation ? resetPasswordProblem(password, confirmation) : undefined;
  return (
    <AuthLayout
      eyebrow="Password reset"
      title="Choose a new password"
      subtitle="Pick something you will remember. It must be at least 6 characters long."
      feedback={feedback.inline}
      footer={
        <Link
          to="/login"
          className="inline-flex items-center gap-1.5 font-semibold text-ink-700 hover:text-ink-900"
        >
          <ArrowLeftIcon className="size-4" /> Back to login
        </Link>
      }
    >
      <form onSubmit={update} noValidate className="space-y-5">
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <PasswordField
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={problem ? problem.message : undefined}
          required
        />
        <Button type="submit" fullWidth size="lg" disabled={!password || !confirmation} loading={busy}>
          Update Password
        </Button>
      </form>
    </AuthLayout>
  );
}
