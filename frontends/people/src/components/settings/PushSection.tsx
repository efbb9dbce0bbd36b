import { toApiError } from '@mer/api-client';
import { Alert, Button, Spinner, type Feedback } from '@mer/design-system';
import { useSendTestPush } from '../../api/notification-settings.ts';
import { usePushDevice } from '../../hooks/usePushDevice.ts';
import { SettingsSection } from './SettingsSection.tsx';

/**
 * Push (spec 001 section 3's push_notifications): allow notifications on this device (the browser asks, the
 * device subscribes with MER's key) and send a test push. Which kinds are pushed follows the Notifications
 * section's switches.
 */
export function PushSection({
  notify,
  feedback,
}: {
  notify: (feedback: Feedback) => void;
  feedback: Feedback | null;
}) {
  const device = usePushDevice();
  const testPush = useSendTestPush();

  const run = (action: () => Promise<void>, failedTitle: string) =>
    void action().catch((error: unknown) =>
      notify({ tone: 'error', title: failedTitle, description: toApiError(error).message }),
    );

  return (
    <SettingsSection
      id="push"
      title="Push"
      description="Messages, mentions, connection requests and event reminders on this device, even when MER is closed."
      feedback={feedback}
    >
      {device.state === 'checking' ? (
        <Spinner label="Checking this device" />
      ) : device.state === 'unsupported' ? (
        <Alert tone="info" title="Not available here">
          This browser cannot receive push notifications. Installing MER on your home screen may help.
        </Alert>
      ) : device.state === 'blocked' ? (
        <Alert tone="warning" title="Blocked in this browser">
          Notifications for MER are blocked in this browser&rsquo;s site settings. Allow them there, then come
          back.
        </Alert>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-ink-700" aria-live="polite">
            {device.state === 'on'
              ? 'Push notifications are on for this device.'
              : 'Push notifications are off for this device.'}
          </p>
          <div className="flex flex-wrap gap-3">
            {device.state === 'on' ? (
              <>
                <Button
                  variant="secondary"
                  loading={testPush.isPending}
                  loadingLabel="Sending"
                  onClick={() =>
                    testPush.mutate(undefined, {
                      onSuccess: (answer) =>
                        notify({
                          tone: 'success',
                          title: 'Test push sent',
                          description:
                            answer.sent === 1 ? 'Sent to 1 device.' : `Sent to ${answer.sent} devices.`,
                        }),
                      onError: (error) =>
                        notify({
                          tone: 'error',
                          title: 'Test push failed',
                          description: toApiError(error).message,
                        }),
                    })
                  }
                >
                  Send a test push
                </Button>
                <Button
                  variant="ghost"
                  loading={device.busy}
                  loadingLabel="Turning off"
                  onClick={() => run(device.turnOff, 'Could not turn push off')}
                >
                  Turn off on this device
                </Button>
              </>
            ) : (
              <Button
                loading={device.busy}
                loadingLabel="Allowing"
                onClick={() => run(device.allow, 'Could not turn push on')}
              >
                Allow on this device
              </Button>
            )}
          </div>
        </div>
      )}
    </SettingsSection>
  );
}
