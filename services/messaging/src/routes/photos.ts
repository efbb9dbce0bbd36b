import { messagingRoutes } from '@mer/contracts';
import { acceptRawImageBodies, currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { MessagingDeps } from '../deps.ts';
import { readPhotoFile, uploadPhoto } from '../use-cases/photos.ts';

/** The photo of a message: the upload and the stored files. */
export function registerPhotoRoutes(app: App, deps: MessagingDeps): void {
  void app.register(async (scope) => registerUpload(scope, deps));
  registerRoute(app, messagingRoutes.photoFile, async (request, reply) => {
    const { fileName } = request.params;
    // The bytes behind a name never change; private: a message photo is not for shared caches.
    const etag = `"${fileName.slice(0, -'.jpg'.length)}"`;
    reply.header('cache-control', 'private, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/jpeg').send(await readPhotoFile(deps, fileName));
  });
}

/** The upload route in its own scope: it alone takes raw image bodies up to 10 MB. */
async function registerUpload(scope: App, deps: MessagingDeps): Promise<void> {
  acceptRawImageBodies(scope, messagingRoutes.uploadPhoto.rawBody);
  registerRoute(scope, messagingRoutes.uploadPhoto, async (request) =>
    uploadPhoto(deps, currentUser(request).sub, request.body),
  );
}
