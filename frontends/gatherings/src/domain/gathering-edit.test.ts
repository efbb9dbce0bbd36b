import { describe, expect, it } from 'vitest';
import { changesOf, draftOf, gatheringErrors } from './gathering-edit.ts';

const before = draftOf({
  title: 'Sit',
  localStart: '2099-03-17T19:00',
  localEnd: '2099-03-17T20:30',
  capacity: 8,
});

describe('gathering edits', () => {
  it('sends only what changed, an emptied capacity as no limit', () => {
    expect(changesOf(before, before)).toEqual({});
    expect(changesOf(before, { ...before, title: ' Evening sit ', capacity: '' })).toEqual({
      title: 'Evening sit',
      capacity: null,
    });
    expect(changesOf(before, { ...before, localStart: '2099-03-17T18:00' })).toEqual({
      localStart: '2099-03-17T18:00',
    });
  });

  it('needs a title, an end after the start and a sensible capacity', () => {
    expect(gatheringErrors(before)).toEqual({});
    expect(gatheringErrors({ ...before, title: ' ', localEnd: '2099-03-17T18:00', capacity: '0' })).toEqual({
      title: 'Please give it a title.',
      localEnd: 'It has to end after it starts.',
      capacity: 'Places must be a whole number from 1 to 10000, or empty for no limit.',
    });
  });
});
