import { Type } from '@sinclair/typebox';
import { defineEvent, type EventDefinition } from './envelope.ts';

const Uuid = Type.String({ format: 'uuid' });

export const PhotoUpdated = defineEvent(
  'profile-onboarding.photo.updated.v1',
  "A member's profile photo changed (settings or onboarding). Other services refresh their copy of the avatar.",
  Type.Object({
    userId: Uuid,
    photoId: Uuid,
    /** Path served by profile-onboarding, e.g. /api/v1/profile-onboarding/photos/<photoId>.jpg */
    imageUrl: Type.String(),
    updatedAt: Type.String({ format: 'date-time' }),
  }),
);

export const profilePhotoEvents: readonly EventDefinition[] = [PhotoUpdated];
