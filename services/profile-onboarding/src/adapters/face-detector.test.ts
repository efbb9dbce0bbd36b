import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '@mer/service-runtime';
import { WorkerFaceDetector, type RgbImage } from './face-detector.ts';

async function blank(width: number, height: number): Promise<RgbImage> {
  const pixels = await sharp({ create: { width, height, channels: 3, background: '#7f9fbf' } })
    .raw()
    .toBuffer();
  return { pixels, width, height };
}

describe('WorkerFaceDetector', () => {
  const detector = new WorkerFaceDetector(1, 1);
  afterAll(() => detector.close());

  it('counts no face on a plain picture, and one worker serves photo after photo', async () => {
    expect(await detector.countFaces(await blank(320, 240))).toBe(0);
    expect(await detector.countFaces(await blank(200, 200))).toBe(0);
  }, 30_000);

  it('turns photos away with a retryable 429 when its queue is full', async () => {
    const image = await blank(64, 64);
    const first = detector.countFaces(image);
    const err = await detector.countFaces(image).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).status).toBe(429);
    expect((err as DomainError).retryable).toBe(true);
    expect(await first).toBe(0);
  }, 30_000);

  it('refuses work once closed', async () => {
    const closed = new WorkerFaceDetector(1);
    await closed.close();
    await expect(closed.countFaces(await blank(8, 8))).rejects.toThrow(/closed/);
  });
});
