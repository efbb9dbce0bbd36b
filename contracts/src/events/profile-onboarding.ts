import type { EventDefinition } from './envelope.ts';

/*
 * Events profile-onboarding publishes. Subjects are `profile-onboarding.<entity>.<past-tense-event>.v<N>`; a
 * published subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 * None yet: profile.completed and photo.updated come with the onboarding wizard.
 */

export const profileOnboardingEvents: readonly EventDefinition[] = [];
