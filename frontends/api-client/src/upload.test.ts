import { describe, expect, it } from 'vitest';
import { uploadError as photoError } from './upload.ts';

describe('photo upload errors', () => {
  it("keeps the face check's title and message", () => {
    const error = photoError(422, {
      error: {
        code: 'invalid_data',
        title: 'Face not detected',
        message: 'Please upload a photo showing your face clearly.',
        retryable: false,
      },
    });
    expect(error).toMatchObject({
      status: 422,
      title: 'Face not detected',
      message: 'Please upload a photo showing your face clearly.',
    });
  });

  it('keeps them even when the code is not in the catalogue yet', () => {
    const error = photoError(422, {
      error: {
        code: 'face_not_detected',
        title: 'Face not detected',
        message: 'Please upload a photo with only yourself (multiple faces detected).',
      },
    });
    expect(error.title).toBe('Face not detected');
    expect(error.message).toBe('Please upload a photo with only yourself (multiple faces detected).');
    expect(error.status).toBe(422);
  });

  it('maps a bare status by the generic table', () => {
    expect(photoError(413, undefined)).toMatchObject({ status: 413, title: 'Request Too Large' });
    expect(photoError(503, undefined).retryable).toBe(true);
  });
});
