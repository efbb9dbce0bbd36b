import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The face-check images: shared/fixtures/images beside the repository (CI), or beside a folder above
 * it (a developer's worktree); MER_E2E_FIXTURES overrides. Undefined when none is found, and tests
 * that need them say so and skip.
 */
export const PHOTO_FIXTURES: string | undefined = [
  process.env.MER_E2E_FIXTURES,
  join(resolve(import.meta.dirname, '..', '..', '..', 'shared'), 'fixtures', 'images'),
  join(resolve(import.meta.dirname, '..', '..', '..', '..', 'shared'), 'fixtures', 'images'),
]
  .filter((dir): dir is string => Boolean(dir))
  .find((dir) => ['astronaut.png', 'coffee.png', 'two-faces.jpg'].every((f) => existsSync(join(dir, f))));

if (!PHOTO_FIXTURES)
  console.warn(
    '[e2e] photo fixtures not found (shared/fixtures/images beside the repository): photo tests skipped',
  );
