import { describe, expect, it } from 'vitest';
import { ApiError } from '@mer/api-client';
import {
  centreSquareCrop,
  checkPhotoFile,
  photoUploadFailure,
  uploadRetryDelayMs,
  MAX_PHOTO_BYTES,
} from './photo.ts';

const apiError = (status: number, message: string) =>
  new ApiError({ code: 'invalid_data', title: 'Face not detected', message, retryable: false, status });

describe('checkPhotoFile', () => {
  it('accepts images up to 10 MB', () => {
    expect(checkPhotoFile({ type: 'image/png', size: MAX_PHOTO_BYTES })).toBeNull();
  });
  it('refuses other types and larger files with the spec texts', () => {
    expect(checkPhotoFile({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file (JPG, PNG, GIF, etc.)',
    });
    expect(checkPhotoFile({ type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 10MB',
    });
  });
});

describe('centreSquareCrop', () => {
  it('takes the centred square and caps the output at 1024 px', () => {
    expect(centreSquareCrop(3000, 2000)).toEqual({ sx: 500, sy: 0, size: 2000, outputSize: 1024 });
    expect(centreSquareCrop(400, 600)).toEqual({ sx: 0, sy: 100, size: 400, outputSize: 400 });
  });
});

describe('photoUploadFailure', () => {
  it("shows the face check's message on 422", () => {
    const message = 'Please upload a photo with only yourself (multiple faces detected).';
    expect(photoUploadFailure(apiError(422, message))).toEqual({
      title: 'Face not detected',
      description: message,
    });
  });
  it('falls back to the generic upload failure', () => {
    expect(photoUploadFailure(new Error('boom'))).toEqual({
      title: 'Upload Failed',
      description: 'Failed to upload image. Please try again.',
    });
    expect(photoUploadFailure(apiError(413, 'x')).description).toBe('File size must be less than 10MB');
  });
});

describe('uploadRetryDelayMs', () => {
  it('retries server errors after 1 s times the attempt, network failures after 2 s times the attempt', () => {
    expect(uploadRetryDelayMs(apiError(503, 'down'), 1)).toBe(1000);
    expect(uploadRetryDelayMs(apiError(500, 'down'), 2)).toBe(2000);
    expect(uploadRetryDelayMs(apiError(0, 'offline'), 1)).toBe(2000);
    expect(uploadRetryDelayMs(apiError(0, 'offline'), 2)).toBe(4000);
  });
  it('stops after 3 attempts and never retries a refused photo', () => {
    expect(uploadRetryDelayMs(apiError(503, 'down'), 3)).toBeNull();
    expect(uploadRetryDelayMs(apiError(422, 'no face'), 1)).toBeNull();
    expect(uploadRetryDelayMs(apiError(413, 'too large'), 1)).toBeNull();
    expect(uploadRetryDelayMs(new Error('x'), 1)).toBeNull();
  });
});
