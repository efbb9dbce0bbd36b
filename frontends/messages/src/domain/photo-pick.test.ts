import { describe, expect, it } from 'vitest';
import { photoPickProblem } from './photo-pick.ts';

describe('picking a message photo', () => {
  it('takes the image types the service takes, up to 10 MB', () => {
    expect(photoPickProblem({ type: 'image/jpeg', size: 2_000_000 })).toBeNull();
    expect(photoPickProblem({ type: 'image/webp', size: 10_485_760 })).toBeNull();
    expect(photoPickProblem({ type: 'application/pdf', size: 1_000 })).toBe(
      'Please select an image file (JPG, PNG, GIF, etc.)',
    );
    expect(photoPickProblem({ type: 'image/png', size: 10_485_761 })).toBe(
      'File size must be less than 10MB',
    );
  });
});
