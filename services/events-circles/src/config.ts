import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';

/** events-circles's own settings, added to the base ones every service reads (PORT, DATABASE_URL, NATS_URL, ...). */
export const EventsCirclesConfigSchema = Type.Object({
  /** Folder of the stored cover images when no bucket is configured (the embedded topology). */
  PHOTO_STORAGE_DIR: Type.String({ default: './data/events-circles-photos' }),
  /** Decompression-bomb guard: images declaring more pixels than this are refused before decoding. */
  PHOTO_MAX_INPUT_PIXELS: Type.Integer({ minimum: 1_000_000, maximum: 268_402_689, default: 40_000_000 }),
  /** Cover images are stored as JPEGs of at most this many pixels a side (aspect kept). */
  PHOTO_MAX_SIDE: Type.Integer({ minimum: 256, maximum: 4096, default: 2048 }),
  S3_ENDPOINT: Type.Optional(Type.String({ minLength: 1 })),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 1 })),
  S3_REGION: Type.String({ default: 'us-east-1' }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** How often the reminder scheduler looks for reminders due (milliseconds). */
  REMINDER_POLL_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 5_000 }),
  /**
   * Tests only: the operator route that runs reminders may say what time it is ("a controllable clock").
   * Never set in production.
   */
  TEST_CLOCK: Type.Boolean({ default: false }),
  /** How often the recommendation model is retrained from the community's data (milliseconds; 0: only at start). */
  RECOMMENDATION_TRAIN_MS: Type.Integer({ minimum: 0, default: 3_600_000 }),
});

export type EventsCirclesConfig = Static<typeof EventsCirclesConfigSchema> & BaseConfig;
