import { identity } from '@mer/contracts/browser';
import { call } from '@mer/api-client';
import { useMutation } from '@mer/server-state';

/* The member's account at identity (Settings → Account, Delete account). Mutations are not retried. */

/** The change takes effect when the member opens the link sent to the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: { newEmail: string; currentPassword: string }) =>
      call(identity.changeEmail, { body: input }),
    retry: false,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      call(identity.changePassword, { body: input }),
    retry: false,
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: () => call(identity.deleteAccount), retry: false });
}
