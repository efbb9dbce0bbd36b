import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailPreferences, Me } from '@mer/contracts';
import { queryClient } from '@mer/server-state';
import { stubApi, type ApiRequest } from '../../../../component-testing.ts';
import { EmailSection } from './EmailSection.tsx';
import { PushSection } from './PushSection.tsx';

const member = { id: 'member-1', username: 'luna_sky', name: 'Luna Sky', email: 'luna@example.com' } as Me;
const PREFS = '/api/v1/notifications-email/email-preferences';

afterEach(() => {
  localStorage.clear();
  queryClient.clear();
});

/** notifications-email's preferences as stored, with the PATCHes it received. */
function preferencesService(initial: EmailPreferences, refuse?: string) {
  let stored = { ...initial };
  const patches: unknown[] = [];
  stubApi(
    {
      [`GET ${PREFS}`]: () => stored,
      [`PATCH ${PREFS}`]: ({ body }: ApiRequest) => {
        patches.push(body);
        if (refuse)
          return Response.json({ error: { code: 'invalid_data', message: refuse } }, { status: 400 });
        stored = { ...stored, ...(body as Partial<EmailPreferences>) };
        return stored;
      },
    },
    { signedIn: member },
  );
  return patches;
}

const defaults: EmailPreferences = {
  unsubscribedAll: false,
  batchNotifications: true,
  quietHoursEnabled: false,
  quietHoursStart: '22:00',
  quietHoursEnd: '07:00',
  timeZone: 'Europe/Lisbon',
  digest: 'weekly',
};

describe('Settings → E-mail', () => {
  it('unsubscribes from all, which turns the other switches off', async () => {
    const patches = preferencesService(defaults);
    render(<EmailSection feedback={null} />);
    const all = await screen.findByRole('switch', { name: 'Unsubscribe from all e-mails' });
    expect((all as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByRole('switch', { name: 'Batch notification e-mails' }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(all);
    expect(patches).toEqual([{ unsubscribedAll: true }]);
    await waitFor(() => expect((all as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('switch', { name: 'Quiet hours' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Digest' }) as HTMLSelectElement).disabled).toBe(true);
  });

  it('chooses the digest: weekly by default, daily or off', async () => {
    const patches = preferencesService(defaults);
    render(<EmailSection feedback={null} />);
    const digest = (await screen.findByRole('combobox', { name: 'Digest' })) as HTMLSelectElement;
    expect(digest.value).toBe('weekly');
    await userEvent.selectOptions(digest, 'daily');
    expect(patches).toEqual([{ digest: 'daily' }]);
  });

  it('sets quiet hours with a start, an end and a time zone', async () => {
    const patches = preferencesService({ ...defaults, quietHoursEnabled: true });
    render(<EmailSection feedback={null} />);
    const start = await screen.findByLabelText('Start');
    expect((start as HTMLInputElement).value).toBe('22:00');
    expect((screen.getByLabelText('End') as HTMLInputElement).value).toBe('07:00');
    const zone = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement;
    expect(zone.value).toBe('Europe/Lisbon');
    await userEvent.selectOptions(zone, 'UTC');
    expect(patches).toContainEqual({ timeZone: 'UTC' });
    fireEvent.change(start, { target: { value: '23:30' } });
    await waitFor(() => expect(patches).toContainEqual({ quietHoursStart: '23:30' }));
  });

  it('sends quick changes one at a time, and an earlier answer does not undo a later change', async () => {
    // The service answers each PATCH when the test says so; a PATCH it received is kept (stored) at once.
    let stored = { ...defaults };
    const received: unknown[] = [];
    const answers: (() => void)[] = [];
    stubApi(
      {
        [`GET ${PREFS}`]: () => stored,
        [`PATCH ${PREFS}`]: ({ body }: ApiRequest) => {
          received.push(body);
          stored = { ...stored, ...(body as Partial<EmailPreferences>) };
          const answer = { ...stored };
          return new Promise((resolve) => answers.push(() => resolve(answer)));
        },
      },
      { signedIn: member },
    );
    render(<EmailSection feedback={null} />);
    const quiet = (await screen.findByRole('switch', { name: 'Quiet hours' })) as HTMLInputElement;
    await userEvent.click(quiet);
    const start = (await screen.findByLabelText('Start')) as HTMLInputElement;
    fireEvent.change(start, { target: { value: '21:30' } });
    const zone = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement;
    await userEvent.selectOptions(zone, 'UTC');
    // All three shown at once; only the first sent.
    expect([quiet.checked, start.value, zone.value]).toEqual([true, '21:30', 'UTC']);
    await waitFor(() => expect(received).toEqual([{ quietHoursEnabled: true }]));
    // The first answer (without the later changes) is not shown: the start time and zone stay as made.
    answers.shift()!();
    await waitFor(() => expect(received).toHaveLength(2));
    expect([quiet.checked, start.value, zone.value]).toEqual([true, '21:30', 'UTC']);
    answers.shift()!();
    await waitFor(() => expect(received).toHaveLength(3));
    expect([quiet.checked, start.value, zone.value]).toEqual([true, '21:30', 'UTC']);
    answers.shift()!();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Time zone' })).toBeTruthy());
    expect(received).toEqual([
      { quietHoursEnabled: true },
      { quietHoursStart: '21:30' },
      { timeZone: 'UTC' },
    ]);
    expect(stored).toMatchObject({ quietHoursEnabled: true, quietHoursStart: '21:30', timeZone: 'UTC' });
    expect([quiet.checked, start.value, zone.value]).toEqual([true, '21:30', 'UTC']);
  });

  it('undoes a change the service refuses and says why', async () => {
    preferencesService(defaults, 'Unknown time zone');
    render(<EmailSection feedback={null} />);
    const batch = await screen.findByRole('switch', { name: 'Batch notification e-mails' });
    await userEvent.click(batch);
    expect(await screen.findByText('Unknown time zone')).toBeTruthy();
    expect((batch as HTMLInputElement).checked).toBe(true);
  });
});

describe('Settings → Push', () => {
  it('says so where the browser cannot receive pushes', () => {
    stubApi({}, { signedIn: member });
    render(<PushSection notify={vi.fn()} feedback={null} />);
    expect(screen.getByText(/This browser cannot receive push notifications/)).toBeTruthy();
  });

  it('allows pushes on this device with the VAPID key, then sends a test push', async () => {
    const subscriptions: unknown[] = [];
    stubApi(
      {
        'GET /api/v1/notifications-email/push/vapid-public-key': () => ({
          publicKey:
            'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A',
        }),
        'POST /api/v1/notifications-email/push/subscriptions': ({ body }: ApiRequest) => {
          subscriptions.push(body);
          return Response.json({ id: '00000000-0000-4000-8000-000000000001' }, { status: 201 });
        },
        'POST /api/v1/notifications-email/push/test': () => ({ sent: 1, removed: 0 }),
      },
      { signedIn: member },
    );
    // The browser's side: a service worker whose PushManager subscribes with the key it is given.
    let current: { endpoint: string; toJSON: () => PushSubscriptionJSON } | null = null;
    const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
      expect((options.applicationServerKey as Uint8Array).length).toBe(65);
      current = {
        endpoint: 'https://push.example/device-1',
        toJSON: () => ({ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p', auth: 'a' } }),
      };
      return current;
    });
    const pushManager = { getSubscription: async () => current, subscribe };
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'granted' });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve({ pushManager }), getRegistration: async () => ({ pushManager }) },
    });
    const notify = vi.fn();
    try {
      render(<PushSection notify={notify} feedback={null} />);
      expect(await screen.findByText('Push notifications are off for this device.')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Allow on this device' }));
      expect(await screen.findByText('Push notifications are on for this device.')).toBeTruthy();
      expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
      expect(subscriptions).toEqual([
        { endpoint: 'https://push.example/device-1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Send a test push' }));
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Test push sent' })),
      );
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      vi.unstubAllGlobals();
    }
  });
});
