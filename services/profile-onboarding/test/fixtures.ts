import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * The shared test images (astronaut: one face, coffee: none, two-faces: two). CI clones the repo
 * with shared/ beside it (`<repo>/../shared`); a developer's worktree may sit deeper, so the
 * folders above are tried too. Undefined when they are not there: the tests then skip, saying so.
 */
export const photoFixturesDir: string | undefined = (() => {
  const candidates = [process.env.MER_FIXTURES_DIR].filter((d): d is string => Boolean(d));
  for (let dir = repoRoot; ; dir = path.dirname(dir)) {
    candidates.push(path.join(dir, '..', 'shared', 'fixtures'));
    if (path.dirname(dir) === dir) break;
  }
  return candidates
    .map((dir) => path.resolve(dir, 'images'))
    .find((dir) =>
      ['astronaut.png', 'coffee.png', 'two-faces.jpg'].every((f) => existsSync(path.join(dir, f))),
    );
})();

export const missingFixturesMessage =
  'photo fixtures not found (expected shared/fixtures/images beside the repository): photo tests skipped';

export function readFixture(name: 'astronaut.png' | 'coffee.png' | 'two-faces.jpg'): Promise<Buffer> {
  if (!photoFixturesDir) throw new Error(missingFixturesMessage);
  return readFile(path.join(photoFixturesDir, name));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of a few dozen bytes whose header declares width × height pixels (a decompression bomb). */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
