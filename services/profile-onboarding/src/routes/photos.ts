import { profilePhotoRoutes } from '@mer/contracts';
import { DomainError, currentUser, registerRoute, toDomainError, type App } from '@mer/service-runtime';
import type { ProfileOnboardingDeps } from '../deps.ts';
import { notAnImage } from '../adapters/photo-processing.ts';
import { readPhoto, setProfilePhoto, uploadPhoto } from '../use-cases/photos.ts';

const upload = profilePhotoRoutes.uploadPhoto;

/**
 * Photos: upload (raw image bytes), serving, and choosing the profile photo. The clean-up of replaced and deleted
 * photos runs from the start hook (app.ts), not here.
 */
export function registerPhotoRoutes(app: App, deps: ProfileOnboardingDeps): void {
  void app.register(async (scope) => registerUpload(scope, deps));

  registerRoute(app, profilePhotoRoutes.photoFile, async (request, reply) => {
    const { fileName } = request.params;
    // The bytes behind a name never change, so the name is a strong validator.
    const etag = `"${fileName.slice(0, -'.jpg'.length)}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await readPhoto(deps, fileName);
    return reply.type('image/jpeg').send(bytes);
  });

  registerRoute(app, profilePhotoRoutes.setProfilePhoto, async (request) =>
    setProfilePhoto(deps, currentUser(request).sub, request.body.photoId),
  );
}

/** The upload route in its own scope: it alone takes raw image bodies up to 10 MB. */
async function registerUpload(scope: App, deps: ProfileOnboardingDeps): Promise<void> {
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
  registerRoute(scope, upload, async (request) => uploadPhoto(deps, currentUser(request).sub, request.body));
}
