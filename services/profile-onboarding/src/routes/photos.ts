import { profilePhotoRoutes } from '@mer/contracts';
import {
  DomainError,
  currentUser,
  registerRoute,
  toDomainError,
  type App,
  type ServiceContext,
} from '@mer/service-runtime';
import type { ProfileOnboardingConfig } from '../config.ts';
import { notAnImage } from '../adapters/photo-processing.ts';
import {
  createPhotoPipeline,
  readPhoto,
  retireReplacedPhotos,
  setProfilePhoto,
  sweepPhotoDeletions,
  uploadPhoto,
  type PhotoPipeline,
} from '../use-cases/photos.ts';

/** How often replaced photos are retired and queued photo files are removed from storage. */
const SWEEP_INTERVAL_MS = 5_000;
const upload = profilePhotoRoutes.uploadPhoto;

/**
 * Photos: upload (raw image bytes), serving, and choosing the profile photo. The face detector's
 * workers start on the first upload and stop with the app; the deletion sweep runs in the background.
 */
export function registerPhotoRoutes(app: App, ctx: ServiceContext<ProfileOnboardingConfig>): void {
  const pipeline = createPhotoPipeline(ctx.config);

  void app.register(async (scope) => registerUpload(scope, ctx, pipeline));

  registerRoute(app, profilePhotoRoutes.photoFile, async (request, reply) => {
    const { fileName } = request.params;
    // The bytes behind a name never change, so the name is a strong validator.
    const etag = `"${fileName.slice(0, -'.jpg'.length)}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await readPhoto(pipeline, fileName);
    return reply.type('image/jpeg').send(bytes);
  });

  registerRoute(app, profilePhotoRoutes.setProfilePhoto, async (request) =>
    setProfilePhoto(ctx, currentUser(request).sub, request.body.photoId),
  );

  // Each step on its own: a failing retirement never holds back the deletion of a deleted member's files.
  const sweep = async () => {
    await retireReplacedPhotos(ctx.db, ctx.config.PHOTO_REPLACED_RETENTION_SECONDS).catch((err: unknown) =>
      ctx.log.warn({ err }, 'retiring replaced photos failed; retrying later'),
    );
    await sweepPhotoDeletions(ctx.db, pipeline.storage).catch((err: unknown) =>
      ctx.log.warn({ err }, 'photo deletion sweep failed; retrying later'),
    );
  };
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await pipeline.detector.close();
  });
}

/** The upload route in its own scope: it alone takes raw image bodies up to 10 MB. */
async function registerUpload(
  scope: App,
  ctx: ServiceContext<ProfileOnboardingConfig>,
  pipeline: PhotoPipeline,
): Promise<void> {
  const limits = upload.rawBody;
  // Any image/* and octet-stream: the bytes decide what the file is, not the header.
  for (const type of [/^image\/[a-z0-9.+-]+$/i, 'application/octet-stream']) {
    scope.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: limits.maxBytes },
      (_request, body, done) => done(null, body),
    );
  }
  // The spec's own words for this route's failures; everything else as usual (parent handler).
  scope.setErrorHandler((err) => {
    const domain = toDomainError(err);
    if (domain.code === 'request_too_large')
      throw new DomainError('request_too_large', {
        title: 'File too large',
        message: limits.tooLargeMessage,
      });
    if (domain.status === 415) throw notAnImage();
    throw domain;
  });
  registerRoute(scope, upload, async (request) =>
    uploadPhoto(ctx, pipeline, currentUser(request).sub, request.body),
  );
}
