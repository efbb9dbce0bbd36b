import { describe, expect, it } from 'vitest';
import { DomainError } from '@mer/service-runtime';
import { composeGreeting } from './greeting.ts';

describe('composeGreeting', () => {
  it('greets the name with its spaces tidied', () => {
    expect(composeGreeting('Hello', '  Ada   Lovelace ')).toEqual({
      recipient: 'Ada Lovelace',
      message: 'Hello, Ada Lovelace!',
    });
  });

  it('refuses a blank name, naming the field', () => {
    let thrown: unknown;
    try {
      composeGreeting('Hello', '   ');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).fields).toEqual([{ field: 'to', message: 'Please enter a name.' }]);
  });
});
