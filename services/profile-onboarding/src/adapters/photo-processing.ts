import sharp, { type Metadata } from 'sharp';
import { DomainError, notAnImage } from '@mer/service-runtime';
import type { RgbImage } from './face-detector.ts';

/** Stored photos: square, at most this many pixels a side, JPEG quality 90 (the spec's 0.9). */
export const PHOTO_MAX_SIDE = 1024;
const JPEG_QUALITY = 90;
/** Face detection sees the whole photo at most this big: the tiny detector works at 416 px anyway. */
const DETECTION_MAX_SIDE = 640;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);


export interface PreparedPhoto {
  /** The re-encoded square JPEG, without EXIF or any other metadata. */
  jpeg: Buffer;
  width: number;
  height: number;
  /** The whole upload (upright, not cropped), for the face check. */
  detectionInput: RgbImage;
}

/**
 * Turns uploaded bytes into the photo MER stores. The format is read from the bytes (the declared
 * type is not trusted), the declared dimensions are checked before anything is decoded (a small
 * file may declare billions of pixels), then the image is turned upright, cropped to its centre
 * square, bounded and re-encoded; metadata (EXIF, GPS, ICC) is not carried over.
 */
export async function preparePhoto(bytes: Buffer, maxInputPixels: number): Promise<PreparedPhoto> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > maxInputPixels) {
    throw new DomainError('invalid_data', {
      title: 'Image too large',
      message: `The image is too large in pixels (${meta.width}×${meta.height}); please use one of at most ${Math.floor(maxInputPixels / 1_000_000)} megapixels.`,
    });
  }

  // The centre square of the upright image (a quarter turn does not change the shorter side).
  const side = Math.min(meta.width, meta.height, PHOTO_MAX_SIDE);
  // limitInputPixels again as a second guard; failOn 'error' refuses truncated or corrupt data.
  const input = () => sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
  try {
    const [jpeg, detection] = await Promise.all([
      input()
        .resize(side, side, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toBuffer(),
      input()
        .resize(DETECTION_MAX_SIDE, DETECTION_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      jpeg,
      width: side,
      height: side,
      detectionInput: { pixels: detection.data, width: detection.info.width, height: detection.info.height },
    };
  } catch {
    throw notAnImage();
  }
}
