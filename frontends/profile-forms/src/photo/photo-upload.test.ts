import { describe, expect, it } from 'vitest';
import { ApiError, UploadNetworkError } from '@mer/api-client';
import {
  PHOTO_MAX_BYTES,
  UploadAttemptsExhaustedError,
  photoFileProblem,
  photoUploadFailure,
  uploadRetryDelayMs,
} from './photo-upload.ts';

const apiError = (status: number, message: string) =>
  new ApiError({
    code: 'server_error',
    title: 'T',
    message,
    retryable: status === 0 || status >= 500,
    status,
  });

describe('photoFileProblem', () => {
  it('accepts images up to 10 MB and refuses other files with the spec texts', () => {
    expect(photoFileProblem({ type: 'image/png', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoFileProblem({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file (JPG, PNG, GIF, etc.)',
    });
    expect(photoFileProblem({ type: 'image/jpeg', size: 10_485_761 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 10MB',
    });
  });
});

describe('uploadRetryDelayMs', () => {
  it('retries server errors after 1 s times the attempt, network failures after 2 s times the attempt', () => {
    expect(uploadRetryDelayMs(1, apiError(503, 'down'))).toBe(1000);
    expect(uploadRetryDelayMs(2, apiError(500, 'down'))).toBe(2000);
    expect(uploadRetryDelayMs(1, new UploadNetworkError())).toBe(2000);
    expect(uploadRetryDelayMs(2, new UploadNetworkError())).toBe(4000);
    // The face check's full queue answers 429 (retryable in the spec's mapping table).
    expect(uploadRetryDelayMs(1, apiError(429, 'busy'))).toBe(1000);
  });
  it('stops after 3 attempts and never retries a refused photo', () => {
    expect(uploadRetryDelayMs(3, apiError(503, 'down'))).toBeNull();
    expect(uploadRetryDelayMs(3, new UploadNetworkError())).toBeNull();
    expect(uploadRetryDelayMs(1, apiError(422, 'no face'))).toBeNull();
    expect(uploadRetryDelayMs(1, apiError(413, 'too large'))).toBeNull();
    expect(uploadRetryDelayMs(1, new Error('x'))).toBeNull();
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
  it('says so when the attempts ran out, and falls back to the generic upload failure', () => {
    expect(photoUploadFailure(new UploadAttemptsExhaustedError(new UploadNetworkError()))).toEqual({
      title: 'Upload Failed',
      description: 'Upload failed after 3 attempts',
    });
    expect(photoUploadFailure(apiError(401, 'x')).description).toBe('You must be logged in to upload images');
    expect(photoUploadFailure(apiError(413, 'x')).description).toBe('File size must be less than 10MB');
    expect(photoUploadFailure(new Error('boom'))).toEqual({
      title: 'Upload Failed',
      description: 'Failed to upload image. Please try again.',
    });
  });
});
