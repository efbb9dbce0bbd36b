import { communityFeedRoutes as routes } from '@mer/contracts';
import { acceptRawImageBodies, currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { CommunityFeedDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import {
  addAlbumPhoto,
  album,
  albums,
  communityPhotos,
  createAlbum,
  deletePhoto,
  memberPhotos,
  readPhotoFile,
  removeTag,
  tagMember,
  uploadPhoto,
} from '../use-cases/photos.ts';

/** Photos (upload, files, member and community photos, tags) and albums. */
export function registerPhotoRoutes(app: App, deps: CommunityFeedDeps): void {
  void app.register(async (scope) => registerUpload(scope, deps));

  registerRoute(app, routes.photoFile, async (request, reply) => {
    const { fileName } = request.params;
    // The bytes behind a name never change, so the name is a strong validator.
    const etag = `"${fileName.slice(0, -'.jpg'.length)}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/jpeg').send(await readPhotoFile(deps, fileName));
  });
  registerRoute(app, routes.memberPhotos, async (request) =>
    memberPhotos(deps, viewerOf(currentUser(request)), request.params.userId),
  );
  registerRoute(app, routes.recentPhotos, async (request) =>
    communityPhotos(deps, viewerOf(currentUser(request)), request.query),
  );
  registerRoute(app, routes.deletePhoto, async (request, reply) => {
    await deletePhoto(deps, viewerOf(currentUser(request)), request.params.photoId);
    return reply.code(204).send();
  });
  registerRoute(app, routes.tagMember, async (request) =>
    tagMember(deps, viewerOf(currentUser(request)), request.params.photoId, request.body.userId),
  );
  registerRoute(app, routes.removeTag, async (request, reply) => {
    await removeTag(deps, viewerOf(currentUser(request)), request.params.photoId, request.params.userId);
    return reply.code(204).send();
  });
  registerRoute(app, routes.albums, async (request) => albums(deps, viewerOf(currentUser(request))));
  registerRoute(app, routes.createAlbum, async (request) =>
    createAlbum(deps, viewerOf(currentUser(request)), request.body),
  );
  registerRoute(app, routes.album, async (request) =>
    album(deps, viewerOf(currentUser(request)), request.params.albumId),
  );
  registerRoute(app, routes.addAlbumPhoto, async (request) =>
    addAlbumPhoto(deps, viewerOf(currentUser(request)), request.params.albumId, request.body),
  );
}

/** The upload route in its own scope: it alone takes raw image bodies up to 10 MB. */
async function registerUpload(scope: App, deps: CommunityFeedDeps): Promise<void> {
  acceptRawImageBodies(scope, routes.uploadPhoto.rawBody);
  registerRoute(scope, routes.uploadPhoto, async (request) =>
    uploadPhoto(deps, viewerOf(currentUser(request)), request.body),
  );
}
