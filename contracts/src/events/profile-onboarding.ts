import { Type } from '@sinclair/typebox';
import { defineEvent, type EventDefinition } from './envelope.ts';
import { securityThreatDetectedEvent } from './security.ts';

/*
 * Events profile-onboarding publishes. Subjects are `profile-onboarding.<entity>.<past-tense-event>.v<N>`; a
 * published subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 * Payloads carry public profile fields only: never e-mails, birth data or preferences.
 */

const Uuid = Type.String({ format: 'uuid' });

const ProfileFields = {
  userId: Uuid,
  name: Type.String(),
  username: Type.String(),
  imageUrl: Type.Union([Type.String(), Type.Null()]),
  cityId: Type.Union([Type.String(), Type.Null()]),
  /** The city's label ("Lisbon, Portugal"). */
  location: Type.Union([Type.String(), Type.Null()]),
  /** Language ids (ISO 639-1 codes). */
  languages: Type.Array(Type.String()),
  interests: Type.Array(Type.String()),
  /**
   * What people discovery, compatibility and recommendations need (social-graph's read model). Optional: events
   * published before it was added lack it, and consumers then assume the privacy defaults (location shared,
   * shown in discovery, birth data not shared).
   */
  discovery: Type.Optional(
    Type.Object({
      /** The city's coordinates; null without a city. Consumers show them only when locationSharing is on. */
      latitude: Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()]),
      longitude: Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()]),
      /** privacy_settings.location_sharing */
      locationSharing: Type.Boolean(),
      /** privacy_settings.show_in_discovery: 'Show me in people discovery' (on by default). */
      showInDiscovery: Type.Boolean(),
      /** Highest priority first. */
      badges: Type.Array(
        Type.Object({ type: Type.String(), label: Type.String(), priority: Type.Integer() }),
      ),
      /** The chart summary; null unless the member shares their birth data (privacy_settings.share_birth_data). */
      cosmic: Type.Union([
        Type.Object({
          sunSign: Type.String(),
          moonSign: Type.Union([Type.String(), Type.Null()]),
          risingSign: Type.Union([Type.String(), Type.Null()]),
          humanDesignType: Type.Union([Type.String(), Type.Null()]),
          /** Gates activated by personality or design (what compatibility needs); null without Human Design. */
          humanDesignGates: Type.Union([Type.Array(Type.Integer({ minimum: 1, maximum: 64 })), Type.Null()]),
        }),
        Type.Null(),
      ]),
    }),
  ),
};

export const ProfileCompleted = defineEvent(
  'profile-onboarding.profile.completed.v1',
  'A member completed onboarding: their public profile is ready (the welcome page and community follow).',
  Type.Object({ ...ProfileFields, completedAt: Type.String({ format: 'date-time' }) }),
);

export const ProfileUpdated = defineEvent(
  'profile-onboarding.profile.updated.v1',
  "A member changed their profile in settings; carries the profile's public fields after the change.",
  Type.Object({ ...ProfileFields, updatedAt: Type.String({ format: 'date-time' }) }),
);

/**
 * The one event that carries preferences (private: only notifications-email consumes it), so that
 * notifications-email keeps the copy it needs to decide what to notify and e-mail.
 */
export const NotificationPreferencesChanged = defineEvent(
  'profile-onboarding.notification-preferences.changed.v1',
  'A member changed their notification preferences in settings; carries all twelve after the change (spec 001 ' +
    'section 3, all default true). Private: for notifications-email only.',
  Type.Object({
    userId: Uuid,
    preferences: Type.Record(Type.String(), Type.Boolean()),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);

/** Hostile member text seen in a profile field (the text sanitiser's threats), for the admin security log. */
export const ProfileOnboardingThreatDetected = securityThreatDetectedEvent('profile-onboarding');

export const profileOnboardingEvents: readonly EventDefinition[] = [
  ProfileCompleted,
  ProfileUpdated,
  NotificationPreferencesChanged,
  ProfileOnboardingThreatDetected,
];
