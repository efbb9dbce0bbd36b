import sharp, { type Metadata } from 'sharp';
import { DomainError } from './errors.ts';
import { notAnImage } from './http/raw-image-upload.ts';

/*
 * The photo pipeline of members' uploads (feed posts, messages, circle and event covers): the type is read from
 * the bytes (never the declared content type), the pixel count is checked before decoding, the image is turned
 * upright, bounded and re-encoded as JPEG; EXIF, GPS and every other metadata is dropped (sharp carries none over
 * unless asked). profile-onboarding keeps its own: it also crops to a square and checks for one face.
 */

const JPEG_QUALITY = 85;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export interface PreparedPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

export async function prepareUploadedPhoto(
  bytes: Buffer,
  limits: { maxInputPixels: number; maxSide: number },
): Promise<PreparedPhoto> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > limits.maxInputPixels) {
    throw new DomainError('invalid_data', {
      title: 'Image too large',
      message: `The image is too large in pixels (${meta.width}×${meta.height}); please use one of at most ${Math.floor(limits.maxInputPixels / 1_000_000)} megapixels.`,
    });
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxInputPixels, failOn: 'error' })
      .rotate()
      .resize(limits.maxSide, limits.maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    throw notAnImage();
  }
}
