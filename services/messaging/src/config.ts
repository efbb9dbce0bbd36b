import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';

/** messaging's own settings, added to the base ones every service reads (PORT, DATABASE_URL, NATS_URL, ...). */
export const MessagingConfigSchema = Type.Object({
  /** Folder of the stored message photos when no bucket is configured (the embedded topology). */
  PHOTO_STORAGE_DIR: Type.String({ default: './data/message-photos' }),
  /** Decompression-bomb guard: images declaring more pixels than this are refused before decoding. */
  PHOTO_MAX_INPUT_PIXELS: Type.Integer({ minimum: 1_000_000, maximum: 268_402_689, default: 40_000_000 }),
  /** Photos are stored as JPEGs of at most this many pixels a side (aspect kept). */
  PHOTO_MAX_SIDE: Type.Integer({ minimum: 256, maximum: 4096, default: 2048 }),
  S3_ENDPOINT: Type.Optional(Type.String({ minLength: 1 })),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 1 })),
  S3_REGION: Type.String({ default: 'us-east-1' }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
});

export type MessagingConfig = Static<typeof MessagingConfigSchema> & BaseConfig;
