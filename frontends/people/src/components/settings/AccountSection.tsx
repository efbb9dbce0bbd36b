import { useState, type FormEvent } from 'react';
import type { MyProfile } from '@mer/contracts';
import { toApiError } from '@mer/api-client';
import { useChangeEmail, useChangePassword } from '../../api/account.ts';
import { Button, PasswordField, TextField } from '@mer/design-system';
import { SettingsSection } from './SettingsSection.tsx';
import { DownloadMyData } from './DownloadMyData.tsx';
import type { Feedback } from '@mer/design-system';

const MIN_PASSWORD_LENGTH = 6;

/** Change e-mail (confirmed through a link to the new address) and change password (needs the current one). */
export function AccountSection({
  profile,
  notify,
  feedback,
}: {
  profile: MyProfile;
  notify: (feedback: Feedback) => void;
  feedback: Feedback | null;
}) {
  const emailChange = useChangeEmail();
  const passwordChange = useChangePassword();
  const [newEmail, setNewEmail] = useState('');
  const [emailPassword, setEmailPassword] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [emailBusy, setEmailBusy] = useState(false);
  const [passwords, setPasswords] = useState({ current: '', next: '', confirm: '' });
  const [passwordErrors, setPasswordErrors] = useState<{ current?: string; next?: string; confirm?: string }>(
    {},
  );
  const [passwordBusy, setPasswordBusy] = useState(false);

  async function changeEmail(event: FormEvent) {
    event.preventDefault();
    const email = newEmail.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      setEmailError('Please enter a valid email address.');
      return;
    }
    if (!emailPassword) {
      setEmailError('Please enter your current password');
      return;
    }
    setEmailError(undefined);
    setEmailBusy(true);
    try {
      const notice = await emailChange.mutateAsync({ newEmail: email, currentPassword: emailPassword });
      notify({
        title: 'Email Updated',
        description: notice?.message || `Please confirm the change with the link we sent to ${email}.`,
        tone: 'success',
      });
      setNewEmail('');
      setEmailPassword('');
    } catch (error) {
      const apiError = toApiError(error);
      setEmailError(apiError.fieldMessage('newEmail') ?? apiError.fieldMessage('currentPassword'));
      notify({ title: apiError.title, description: apiError.message, tone: 'error' });
    } finally {
      setEmailBusy(false);
    }
  }

  async function changePassword(event: FormEvent) {
    event.preventDefault();
    const errors = {
      current: passwords.current ? undefined : 'Please enter your current password',
      next:
        passwords.next.length >= MIN_PASSWORD_LENGTH
          ? undefined
          : 'Password must be at least 6 characters long.',
      confirm: passwords.confirm === passwords.next ? undefined : 'Passwords do not match',
    };
    setPasswordErrors(errors);
    if (errors.current || errors.next || errors.confirm) return;
    setPasswordBusy(true);
    try {
      await passwordChange.mutateAsync({
        currentPassword: passwords.current,
        newPassword: passwords.next,
        confirmPassword: passwords.confirm,
      });
      notify({
        title: 'Password Updated',
        description: 'Your password has been successfully updated.',
        tone: 'success',
      });
      setPasswords({ current: '', next: '', confirm: '' });
    } catch (error) {
      const apiError = toApiError(error);
      notify({
        title: apiError.status >= 500 || apiError.status === 0 ? 'An error occurred' : apiError.title,
        description:
          apiError.status >= 500 || apiError.status === 0 ? 'Please try again later.' : apiError.message,
        tone: 'error',
      });
    } finally {
      setPasswordBusy(false);
    }
  }

  return (
    <SettingsSection id="account" title="Account" description="Your sign-in details." feedback={feedback}>
      <div className="grid gap-8 lg:grid-cols-2">
        <form noValidate onSubmit={changeEmail} className="space-y-4">
          <h3 className="font-semibold text-ink-800">Email address</h3>
          <p className="text-sm text-ink-600">
            Currently <span className="font-medium text-ink-800">{profile.email}</span>
          </p>
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
          />
          <PasswordField
            label="Your password, to confirm"
            autoComplete="current-password"
            value={emailPassword}
            error={emailError}
            onChange={(e) => setEmailPassword(e.target.value)}
          />
          <Button type="submit" variant="secondary" loading={emailBusy}>
            Change email
          </Button>
        </form>
        <form noValidate onSubmit={changePassword} className="space-y-4">
          <h3 className="font-semibold text-ink-800">Password</h3>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={passwords.current}
            error={passwordErrors.current}
            onChange={(e) => setPasswords({ ...passwords, current: e.target.value })}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={passwords.next}
            error={passwordErrors.next}
            onChange={(e) => setPasswords({ ...passwords, next: e.target.value })}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            value={passwords.confirm}
            error={passwordErrors.confirm}
            onChange={(e) => setPasswords({ ...passwords, confirm: e.target.value })}
          />
          <Button type="submit" variant="secondary" loading={passwordBusy}>
            Change password
          </Button>
        </form>
      </div>
      <DownloadMyData />
    </SettingsSection>
  );
}
