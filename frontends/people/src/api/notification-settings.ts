import type { EmailPreferences } from '@mer/contracts';
import { notificationsEmail } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { queryClient, useMutation, useQuery } from '@mer/server-state';

/*
 * Settings' calls to notifications-email: the member's e-mail preferences (unsubscribe from all, batching,
 * quiet hours in their time zone) and this device's web push subscription. Typed by the contracts' route table,
 * sent by `call`; components use these hooks.
 */

export type { EmailPreferences };

export const emailPreferenceKeys = {
  mine: () => routeKey(notificationsEmail.getEmailPreferences),
};

export function useEmailPreferences() {
  return useQuery({
    queryKey: emailPreferenceKeys.mine(),
    queryFn: ({ signal }) => call(notificationsEmail.getEmailPreferences, { signal }),
  });
}

const updateEmailPreferencesKey = ['email-preferences', 'update'];

/**
 * Saves a change optimistically: shown at once, rolled back if the service refuses it. Quick changes (quiet hours
 * on, then a start time, then a zone) are sent one at a time in the order made, so each answer holds every earlier
 * change; the answers of all but the last are not shown, since a later change is still on its way. (Sent side by
 * side, a later PATCH could overtake an earlier one and its answer, shown last, would undo the earlier change on the
 * page while the service kept it.)
 */
export function useUpdateEmailPreferences() {
  return useMutation({
    mutationKey: updateEmailPreferencesKey,
    scope: { id: 'email-preferences' },
    mutationFn: (patch: Partial<EmailPreferences>) =>
      call(notificationsEmail.updateEmailPreferences, { body: patch }),
    retry: false,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: emailPreferenceKeys.mine() });
      const before = queryClient.getQueryData<EmailPreferences>(emailPreferenceKeys.mine());
      if (before) queryClient.setQueryData(emailPreferenceKeys.mine(), { ...before, ...patch });
      return { before };
    },
    onError: (_error, patch, context) => {
      // Undo this change only: a later change still on its way stays shown.
      const shown = queryClient.getQueryData<EmailPreferences>(emailPreferenceKeys.mine());
      if (!context?.before || !shown) return;
      const undone = { ...shown };
      for (const key of Object.keys(patch) as (keyof EmailPreferences)[])
        if (shown[key] === patch[key]) Object.assign(undone, { [key]: context.before[key] });
      queryClient.setQueryData(emailPreferenceKeys.mine(), undone);
    },
    onSuccess: (saved) => {
      // This one still counts as pending here: more than one means a later change is waiting to be sent.
      if (queryClient.isMutating({ mutationKey: updateEmailPreferencesKey }) <= 1)
        queryClient.setQueryData(emailPreferenceKeys.mine(), saved);
    },
  });
}

/** The VAPID public key for PushManager.subscribe. */
export function fetchPushPublicKey(): Promise<string> {
  return call(notificationsEmail.getPushPublicKey, {}).then((answer) => answer.publicKey);
}

export function savePushSubscription(subscription: PushSubscriptionJSON): Promise<unknown> {
  const { endpoint, keys, expirationTime } = subscription;
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new Error('The browser gave an incomplete push subscription');
  return call(notificationsEmail.subscribePush, {
    body: {
      endpoint,
      expirationTime: expirationTime ?? null,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    },
  });
}

export function forgetPushSubscription(endpoint: string): Promise<unknown> {
  return call(notificationsEmail.unsubscribePush, { body: { endpoint } });
}

export function useSendTestPush() {
  return useMutation({
    mutationFn: () => call(notificationsEmail.sendTestPush, {}),
    retry: false,
  });
}
