import { DomainError, toDomainError } from '../errors.ts';
import type { App } from './app.ts';

/** The spec's answer to a file that is not an image (profile photos, feed photos, and any photo route after them). */
export const notAnImage = (): DomainError =>
  new DomainError('invalid_data', {
    status: 415,
    title: 'Invalid file type',
    message: 'Please select an image file',
  });

/**
 * Makes one Fastify scope (register the upload route inside it) take raw image bodies up to the route's limit:
 * any image/* type and octet-stream, because the bytes decide what the file is, not the header. A body over the
 * limit is answered with the route's own words, a type the parser refuses with 'Please select an image file';
 * everything else goes to the app's usual error handling.
 */
export function acceptRawImageBodies(
  scope: App,
  limits: { maxBytes: number; tooLargeMessage: string },
): void {
  for (const type of [/^image\/[a-z0-9.+-]+$/i, 'application/octet-stream']) {
    scope.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: limits.maxBytes },
      (_request, body, done) => done(null, body),
    );
  }
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
}
