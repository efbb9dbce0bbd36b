import { describe, expect, it } from 'vitest';
import { toDomainError } from './errors.ts';

describe('request validation errors', () => {
  it("names the field, and answers text that is not a string in the sanitiser's words", () => {
    const error = toDomainError({
      statusCode: 400,
      validationContext: 'body',
      validation: [
        { keyword: 'type', instancePath: '/content', params: { type: 'string' }, message: 'must be string' },
        {
          keyword: 'required',
          instancePath: '',
          params: { missingProperty: 'topic' },
          message: 'is required',
        },
      ],
    });
    expect(error.code).toBe('invalid_data');
    expect(error.fields).toEqual([
      { field: 'body.content', message: 'Invalid input type' },
      { field: 'body.topic', message: 'is required' },
    ]);
  });
});
