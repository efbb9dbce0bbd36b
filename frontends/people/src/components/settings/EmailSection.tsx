import { useEffect, useId, useState } from 'react';
import { toApiError } from '@mer/api-client';
import { Alert, Spinner, cx, fieldInputClassName, type Feedback } from '@mer/design-system';
import {
  useEmailPreferences,
  useUpdateEmailPreferences,
  type EmailPreferences,
} from '../../api/notification-settings.ts';
import { timeZoneChoices } from '../../domain/push-keys.ts';
import { Switch } from '../Switch.tsx';
import { SettingsSection } from './SettingsSection.tsx';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function supportedTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

/**
 * E-mail (spec 001 section 3's email_preferences): unsubscribe from all, batching, quiet hours with start and end
 * in the member's time zone. Each change saves at once; a refused one is undone with the service's reason.
 */
export function EmailSection({ feedback }: { feedback: Feedback | null }) {
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreferences();
  const zoneId = useId();
  const digestId = useId();
  const save = (patch: Partial<EmailPreferences>) => update.mutate(patch);
  const p = preferences.data;

  return (
    <SettingsSection
      id="email"
      title="E-mail"
      description="How and when MER writes to you. Account and security e-mails always come."
      feedback={feedback}
    >
      {preferences.isPending ? (
        <Spinner label="Loading your e-mail preferences" />
      ) : preferences.isError || !p ? (
        <Alert tone="error" title="Could not load your e-mail preferences">
          {toApiError(preferences.error).message}
        </Alert>
      ) : (
        <div className="divide-y divide-sand-200">
          <Switch
            label="Unsubscribe from all e-mails"
            description="No notification, reminder or digest e-mails at all."
            checked={p.unsubscribedAll}
            onChange={(unsubscribedAll) => save({ unsubscribedAll })}
          />
          <Switch
            label="Batch notification e-mails"
            description="E-mails that are not urgent are gathered and sent together. Messages always come at once."
            checked={p.batchNotifications}
            disabled={p.unsubscribedAll}
            onChange={(batchNotifications) => save({ batchNotifications })}
          />
          <div>
            <Switch
              label="Quiet hours"
              description="E-mails due in these hours wait until they end."
              checked={p.quietHoursEnabled}
              disabled={p.unsubscribedAll}
              onChange={(quietHoursEnabled) =>
                // Turning them on the first time: the hours are local to the member, so take this device's zone.
                save(
                  quietHoursEnabled && p.timeZone === 'UTC' && browserTimeZone() !== 'UTC'
                    ? { quietHoursEnabled, timeZone: browserTimeZone() }
                    : { quietHoursEnabled },
                )
              }
            />
            {p.quietHoursEnabled ? (
              <div className="grid gap-4 pb-4 sm:grid-cols-3">
                <TimeField
                  label="Start"
                  value={p.quietHoursStart}
                  onSave={(quietHoursStart) => save({ quietHoursStart })}
                />
                <TimeField
                  label="End"
                  value={p.quietHoursEnd}
                  onSave={(quietHoursEnd) => save({ quietHoursEnd })}
                />
                <div>
                  <label htmlFor={zoneId} className="block text-sm font-semibold text-ink-800">
                    Time zone
                  </label>
                  <select
                    id={zoneId}
                    value={p.timeZone}
                    onChange={(e) => save({ timeZone: e.target.value })}
                    className={cx(fieldInputClassName, 'mt-1.5 border-sand-300')}
                  >
                    {timeZoneChoices(p.timeZone, supportedTimeZones()).map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replace(/_/g, ' ')}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            ) : null}
          </div>
          <div className="py-3">
            <label htmlFor={digestId} className="block font-medium text-ink-800">
              Digest
            </label>
            <p id={`${digestId}-description`} className="text-sm text-ink-500">
              A summary of what happened, in the morning, only when there is news.
            </p>
            <select
              id={digestId}
              value={p.digest}
              aria-describedby={`${digestId}-description`}
              disabled={p.unsubscribedAll}
              onChange={(e) => save({ digest: e.target.value as EmailPreferences['digest'] })}
              className={cx(fieldInputClassName, 'mt-2 border-sand-300 sm:max-w-xs')}
            >
              <option value="off">Off</option>
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
            </select>
          </div>
          {update.isError ? (
            <Alert tone="error" title="Not saved" className="mt-3">
              {toApiError(update.error).message}
            </Alert>
          ) : null}
        </div>
      )}
    </SettingsSection>
  );
}

/** A local time "HH:MM"; saved once the browser's time field holds a whole time. */
function TimeField({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string;
  onSave: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {label}
      </label>
      <input
        id={id}
        type="time"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (HH_MM.test(e.target.value) && e.target.value !== value) onSave(e.target.value);
        }}
        className={cx(fieldInputClassName, 'mt-1.5 border-sand-300')}
      />
    </div>
  );
}
