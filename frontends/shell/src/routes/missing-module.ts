/**
 * A remote that is deployed but does not expose a page yet (e.g. the people remote ships its profile pages
 * before the connections pages) answers `loadRemote` with "[Module Federation] Module ./X does not exist in
 * container." That is not a failure to retry or report: the page is simply not built yet.
 */
const MISSING_EXPOSE_PATTERN = /does not exist in container/i;

export function isMissingExposeError(error: unknown): boolean {
  return error instanceof Error && MISSING_EXPOSE_PATTERN.test(error.message);
}
