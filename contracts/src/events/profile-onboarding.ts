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

/** Hostile member text seen in a profile field (the text sanitiser's threats), for the admin security log. */
export const ProfileOnboardingThreatDetected = securityThreatDetectedEvent('profile-onboarding');

export const profileOnboardingEvents: readonly EventDefinition[] = [
  ProfileCompleted,
  ProfileUpdated,
  ProfileOnboardingThreatDetected,
];
