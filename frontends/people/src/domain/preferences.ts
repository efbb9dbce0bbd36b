import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_PRIVACY_SETTINGS,
  withPreferenceDefaults,
} from '@mer/contracts';
import type { NotificationPreferences, PrivacySettings } from '@mer/contracts';

type Toggle<K extends string> = { key: K; label: string; description: string };

export const NOTIFICATION_GROUPS: { title: string; toggles: Toggle<keyof NotificationPreferences>[] }[] = [
  {
    title: 'How we reach you',
    toggles: [
      { key: 'push_notifications', label: 'Push notifications', description: 'Alerts on this device.' },
      { key: 'email_notifications', label: 'Email notifications', description: 'A note in your inbox.' },
    ],
  },
  {
    title: 'People',
    toggles: [
      {
        key: 'connection_requests',
        label: 'Connection requests',
        description: 'When someone wants to connect.',
      },
      { key: 'messages', label: 'Messages', description: 'New messages in your conversations.' },
      { key: 'mentions', label: 'Mentions', description: 'When someone mentions you.' },
    ],
  },
  {
    title: 'Community',
    toggles: [
      { key: 'post_reactions', label: 'Reactions to your posts', description: 'Hearts and other reactions.' },
      { key: 'post_comments', label: 'Comments on your posts', description: 'Replies to what you share.' },
      {
        key: 'circle_invitations',
        label: 'Circle invitations',
        description: 'When you are invited to a circle.',
      },
      { key: 'circle_updates', label: 'Circle updates', description: 'News from circles you belong to.' },
      { key: 'event_reminders', label: 'Event reminders', description: 'Before events you are attending.' },
      { key: 'event_updates', label: 'Event updates', description: 'Changes to events you are attending.' },
      {
        key: 'system_notifications',
        label: 'Community announcements',
        description: 'Important notes from MER.',
      },
    ],
  },
];

export const PRIVACY_TOGGLES: Toggle<keyof PrivacySettings>[] = [
  {
    key: 'location_sharing',
    label: 'Share my location',
    description: 'Show your city on your profile and use it to suggest nearby members and events.',
  },
  {
    key: 'show_in_discovery',
    label: 'Show me in people discovery',
    description: 'Let members find you on the People page and in "People you may resonate with".',
  },
  {
    key: 'share_birth_data',
    label: 'Share my birth data and chart',
    description:
      'Your birth date, time and place, your signs and your Human Design bodygraph on your profile, for other members to see. Never in search or public stats.',
  },
  {
    key: 'receive_emails',
    label: 'Receive emails',
    description: 'Occasional community emails in addition to your notifications.',
  },
  { key: 'analytics', label: 'Help improve MER', description: 'Share anonymous usage data with us.' },
];

/** The service's defaults (from the contracts) under what is stored: a profile saved before a preference existed. */
export function withNotificationDefaults(stored: unknown): NotificationPreferences {
  return withPreferenceDefaults(DEFAULT_NOTIFICATION_PREFERENCES, stored);
}

export function withPrivacyDefaults(stored: unknown): PrivacySettings {
  return withPreferenceDefaults(DEFAULT_PRIVACY_SETTINGS, stored);
}
