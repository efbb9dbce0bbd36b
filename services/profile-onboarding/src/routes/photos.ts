import { profilePhotoRoutes } from '@mer/contracts';
import { acceptRawImageBodies, currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { ProfileOnboardingDeps } from '../deps.ts';
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
  acceptRawImageBodies(scope, upload.rawBody);
  registerRoute(scope, upload, async (request) => uploadPhoto(deps, currentUser(request).sub, request.body));
}
