import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '@mer/contracts';
import { ApiError, describeError, errorFromResponse, toApiError } from './errors.ts';

describe('the generic error mapping (spec section 8)', () => {
  it('keeps the title and message of a MER error body', () => {
    const error = errorFromResponse(401, {
      error: {
        code: 'authentication_error',
        title: 'Login failed',
        message: 'Incorrect login details.',
        retryable: false,
        details: { fields: [{ field: 'body.password', message: 'wrong' }] },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect([error.code, error.title, error.message, error.status]).toEqual([
      'authentication_error',
      'Login failed',
      'Incorrect login details.',
      401,
    ]);
    expect(error.fieldMessage('password')).toBe('wrong');
  });

  it('maps bare statuses to the catalogue', () => {
    expect(errorFromResponse(429, null).title).toBe('Too Many Requests');
    expect(errorFromResponse(401, null).title).toBe('Authentication Error');
    expect(errorFromResponse(502, 'Bad gateway').title).toBe('Server Error');
    expect(errorFromResponse(404, null).message).toBe(ErrorCatalogue.item_not_found.message);
  });

  it('maps thrown errors by their message: fetch, rate limit, JWT/auth, anything else', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toEqual({
      title: 'Connection Error',
      description: ErrorCatalogue.connection_error.message,
    });
    expect(toApiError(new Error('rate limit reached')).title).toBe('Too Many Requests');
    expect(toApiError(new Error('JWT expired')).title).toBe('Authentication Error');
    expect(describeError(new Error('Something odd'))).toEqual({
      title: 'Unexpected Error',
      description: 'Something odd',
    });
  });
});
