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

/** Saves a change optimistically: shown at once, rolled back if the service refuses it. */
export function useUpdateEmailPreferences() {
  return useMutation({
    mutationFn: (patch: Partial<EmailPreferences>) =>
      call(notificationsEmail.updateEmailPreferences, { body: patch }),
    retry: false,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: emailPreferenceKeys.mine() });
      const before = queryClient.getQueryData<EmailPreferences>(emailPreferenceKeys.mine());
      if (before) queryClient.setQueryData(emailPreferenceKeys.mine(), { ...before, ...patch });
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(emailPreferenceKeys.mine(), context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(emailPreferenceKeys.mine(), saved),
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
