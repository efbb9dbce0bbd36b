import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@mer/service-runtime';
import { PHOTO_MAX_SIDE, preparePhoto } from './photo-processing.ts';

const MAX_PIXELS = 40_000_000;

/** A test picture: left half red, right half blue, so crops and turns can be seen in the pixels. */
function halves(width: number, height: number) {
  const red = {
    create: { width: Math.floor(width / 2), height, channels: 3 as const, background: '#ff0000' },
  };
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    { input: red, left: 0, top: 0 },
  ]);
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe('preparePhoto', () => {
  it('crops the centre square, bounds it to 1024 px and re-encodes as JPEG', async () => {
    const wide = await halves(3000, 2000).png().toBuffer();
    const photo = await preparePhoto(wide, MAX_PIXELS);
    expect(photo.width).toBe(PHOTO_MAX_SIDE);
    expect(photo.height).toBe(PHOTO_MAX_SIDE);
    const meta = await sharp(photo.jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 1024 });
    // The face check sees the whole picture, not the crop.
    expect(photo.detectionInput.width / photo.detectionInput.height).toBeCloseTo(1.5, 1);
    expect(photo.detectionInput.pixels.length).toBe(
      photo.detectionInput.width * photo.detectionInput.height * 3,
    );
  });

  it('never enlarges a small picture', async () => {
    const small = await halves(300, 200).jpeg().toBuffer();
    const photo = await preparePhoto(small, MAX_PIXELS);
    expect([photo.width, photo.height]).toEqual([200, 200]);
  });

  it('turns the picture upright from its EXIF orientation and keeps no metadata', async () => {
    // Stored turned a quarter, with orientation 6 saying "turn 90° clockwise to view".
    const upright = await halves(400, 200).png().toBuffer();
    const sideways = await sharp(upright)
      .rotate(-90)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'someone private' } } })
      .toBuffer();
    const photo = await preparePhoto(sideways, MAX_PIXELS);
    expect(photo.detectionInput).toMatchObject({ width: 400, height: 200 });
    const meta = await sharp(photo.jpeg).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('accepts PNG with transparency, WebP and GIF', async () => {
    const transparent = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    for (const bytes of [
      transparent,
      await halves(64, 64).webp().toBuffer(),
      await halves(64, 64).gif().toBuffer(),
    ]) {
      const photo = await preparePhoto(bytes, MAX_PIXELS);
      expect((await sharp(photo.jpeg).metadata()).format).toBe('jpeg');
    }
  });

  it('refuses what is not an image, or an image format not accepted, with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const tiff = await halves(16, 16).tiff().toBuffer();
    const truncated = (await halves(200, 200).jpeg().toBuffer()).subarray(0, 300);
    for (const bytes of [Buffer.from('hello'), Buffer.from('%PDF-1.4\n'), svg, tiff, truncated]) {
      const err = await refusal(preparePhoto(bytes, MAX_PIXELS));
      expect(err.status).toBe(415);
      expect(err.message).toBe('Please select an image file');
    }
  });

  it('refuses an image declaring more pixels than allowed before decoding it', async () => {
    const big = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const err = await refusal(preparePhoto(big, 4_000_000));
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_data');
    expect(err.message).toMatch(/too large in pixels \(3000×3000\)/);
  });
});
