import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalPhotoStorage, type PhotoStorage } from './photo-storage.ts';

describe('LocalPhotoStorage', () => {
  let dir: string;
  let storage: PhotoStorage;
  const key = '0b7f3c1e-3a54-4c9a-9d0e-7f1c2b3a4d5e.jpg';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mer-photo-store-'));
    storage = new LocalPhotoStorage(path.join(dir, 'photos'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('puts, gets and deletes; a missing photo is undefined and deleting it twice is fine', async () => {
    await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    expect((await storage.get(key))?.toString()).toBe('jpeg bytes');
    expect(await readdir(path.join(dir, 'photos'))).toEqual([key]);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
  });

  it('accepts only server-made keys, never a path', async () => {
    for (const bad of ['../secret.jpg', '/etc/passwd', 'a/b.jpg', `${key}/..`, 'photo.png']) {
      await expect(storage.get(bad)).rejects.toThrow(/unexpected photo key/);
      await expect(storage.put(bad, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/unexpected photo key/);
    }
  });
});
