import { useState } from 'react';
import { getAccessToken, toApiError, useSessionStore } from '@mer/api-client';
import { useDeleteAccount } from '../../api/account.ts';
import { Button, Dialog, TextField } from '@mer/design-system';
import {
  ACCOUNT_DELETED_REDIRECT_MS,
  DELETE_CONFIRMATION_WORD,
  isDeletionConfirmed,
} from '../../domain/delete-confirmation.ts';
import { SettingsSection } from './SettingsSection.tsx';
import type { Feedback } from '@mer/design-system';

function clearBrowserStorage() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage may be unavailable (private mode); nothing of the member's is kept there then.
  }
}

/**
 * Delete account: a dialog that needs DELETE or the username typed, then DELETE /identity/me. After the
 * server confirms, local and session storage are cleared and the member goes to / after 2 s (spec 000
 * section 4); the page is reloaded there so nothing of the session stays in memory.
 */
export function DeleteAccountSection({
  notify,
  feedback,
}: {
  notify: (feedback: Feedback) => void;
  feedback: Feedback | null;
}) {
  const username = useSessionStore((s) => s.user?.username);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const accountDeletion = useDeleteAccount();
  const [deleted, setDeleted] = useState(false);
  const confirmed = isDeletionConfirmed(typed, username);

  async function deleteAccount() {
    if (useSessionStore.getState().status !== 'signed-in' || !getAccessToken()) {
      notify({ title: 'No valid session found', tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      const notice = await accountDeletion.mutateAsync();
      clearBrowserStorage();
      setDeleted(true);
      notify({
        title: 'Account Deleted',
        description: notice?.message || 'Your account and data have been removed.',
        tone: 'success',
      });
      setTimeout(() => {
        clearBrowserStorage();
        window.location.replace('/');
      }, ACCOUNT_DELETED_REDIRECT_MS);
    } catch (error) {
      setBusy(false);
      notify({ title: 'Deletion Failed', description: toApiError(error).message, tone: 'error' });
    }
  }

  return (
    <SettingsSection
      id="delete"
      title="Delete account"
      tone="danger"
      description="This removes your profile, photos and everything you have shared. It cannot be undone."
      feedback={feedback}
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog
        open={open}
        onClose={() => !busy && !deleted && setOpen(false)}
        title="Delete your account?"
        description={`Your profile and everything you have shared will be removed for good. To confirm, type ${DELETE_CONFIRMATION_WORD}${username ? ` or your username (${username})` : ''}.`}
        footer={
          <>
            <Button variant="ghost" disabled={busy || deleted} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={!confirmed || deleted}
              loading={busy}
              onClick={() => void deleteAccount()}
            >
              Delete account
            </Button>
          </>
        }
      >
        {deleted ? (
          <p role="status" className="rounded-2xl bg-sage-50 p-4 text-sm text-sage-800">
            Account Deleted. Taking you to the home page…
          </p>
        ) : (
          <TextField
            label="Type to confirm"
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
      </Dialog>
    </SettingsSection>
  );
}
