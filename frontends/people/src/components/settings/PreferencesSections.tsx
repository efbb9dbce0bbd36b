import type { MyProfile, NotificationPreferences, PrivacySettings } from '@mer/contracts';
import type { ProfilePatch } from '../../domain/profile-form.ts';
import {
  NOTIFICATION_GROUPS,
  PRIVACY_TOGGLES,
  withNotificationDefaults,
  withPrivacyDefaults,
} from '../../domain/preferences.ts';
import { Switch } from '../Switch.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import type { Feedback } from '@mer/design-system';

type Save = (patch: ProfilePatch, changes: Partial<MyProfile>) => Promise<boolean>;

/** Notification preferences (all on by default); each switch saves at once, optimistically. */
export function NotificationsSection({
  profile,
  save,
  feedback,
}: {
  profile: MyProfile;
  save: Save;
  feedback: Feedback | null;
}) {
  const preferences = withNotificationDefaults(profile.notificationPreferences);
  function toggle(key: keyof NotificationPreferences, value: boolean) {
    void save(
      { notificationPreferences: { [key]: value } },
      { notificationPreferences: { ...preferences, [key]: value } },
    );
  }
  return (
    <SettingsSection
      id="notifications"
      title="Notifications"
      description="Choose what we tell you about."
      feedback={feedback}
    >
      <div className="space-y-6">
        {NOTIFICATION_GROUPS.map((group) => (
          <fieldset key={group.title}>
            <legend className="text-xs font-semibold tracking-[0.14em] text-sage-700 uppercase">
              {group.title}
            </legend>
            <div className="mt-1 divide-y divide-sand-200">
              {group.toggles.map((t) => (
                <Switch
                  key={t.key}
                  label={t.label}
                  description={t.description}
                  checked={preferences[t.key]}
                  onChange={(v) => toggle(t.key, v)}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </SettingsSection>
  );
}

/** Privacy settings (spec: on by default; birth data off until shared), including the birth data switch. */
export function PrivacySection({
  profile,
  save,
  feedback,
}: {
  profile: MyProfile;
  save: Save;
  feedback: Feedback | null;
}) {
  const settings = withPrivacyDefaults(profile.privacySettings);
  function toggle(key: keyof PrivacySettings, value: boolean) {
    void save({ privacySettings: { [key]: value } }, { privacySettings: { ...settings, [key]: value } });
  }
  return (
    <SettingsSection
      id="privacy"
      title="Privacy"
      description="What you share, and with whom."
      feedback={feedback}
    >
      <div className="divide-y divide-sand-200">
        {PRIVACY_TOGGLES.map((t) => (
          <Switch
            key={t.key}
            label={t.label}
            description={t.description}
            checked={settings[t.key]}
            onChange={(v) => toggle(t.key, v)}
          />
        ))}
      </div>
    </SettingsSection>
  );
}
