import { Type } from '@sinclair/typebox';

/**
 * The photo pipeline's settings (spread into profile-onboarding's config schema). Photos go to local
 * files unless S3_BUCKET is set, then to that S3-compatible bucket (the cluster topology).
 */
export const PhotoConfigProperties = {
  /** Folder of the stored photos when no bucket is configured (the embedded topology). */
  PHOTO_STORAGE_DIR: Type.String({ default: './data/photos' }),
  /** Decompression-bomb guard: images declaring more pixels than this are refused before decoding. */
  PHOTO_MAX_INPUT_PIXELS: Type.Integer({ minimum: 1_000_000, maximum: 268_402_689, default: 40_000_000 }),
  /** Worker threads running face detection (each loads the model once, about 20 MB). */
  FACE_DETECTION_WORKERS: Type.Integer({ minimum: 1, maximum: 8, default: 1 }),
  /**
   * How long a replaced profile photo stays (then its row and file go, unless the member's draft still
   * refers to it). Browsers keep a member's profile for up to 24 hours (spec 000 section 3), and other
   * services' copies of the avatar follow photo.updated only when they handle it.
   */
  PHOTO_REPLACED_RETENTION_SECONDS: Type.Integer({ minimum: 0, maximum: 30 * 86_400, default: 86_400 }),
  S3_ENDPOINT: Type.Optional(Type.String({ minLength: 1 })),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 1 })),
  S3_REGION: Type.String({ default: 'us-east-1' }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
};
