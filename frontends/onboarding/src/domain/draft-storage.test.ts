import { describe, expect, it } from 'vitest';
import { toDraftData, toSavedWizard } from './draft-storage.ts';
import { emptyDraft } from './wizard-rules.ts';

const defaults = { name: 'river', username: 'river' };

describe('saved drafts', () => {
  it('fills missing fields with the defaults, ignores unknown ones and keeps the step within 0..6', () => {
    const saved = toSavedWizard(
      {
        step: 9,
        startedAt: '2026-11-23T00:00:00Z',
        updatedAt: '2026-11-23T00:05:00Z',
        data: { bio: 'Hello', interests: ['Yoga'], surprise: 1 } as never,
      },
      defaults,
    );
    expect(saved).toEqual({
      step: 6,
      startedAt: '2026-11-23T00:00:00Z',
      updatedAt: '2026-11-23T00:05:00Z',
      data: { ...emptyDraft('river', 'river'), bio: 'Hello', interests: ['Yoga'] },
    });
  });

  it('reads nothing from a missing or malformed draft', () => {
    expect(toSavedWizard(null, defaults)).toBeNull();
    expect(toSavedWizard({ step: 1 } as never, defaults)).toBeNull();
  });

  it('sends the server only what is set', () => {
    const data = toDraftData({ ...emptyDraft('River Stone', 'river'), bio: 'Hi', languagesSpoken: ['l1'] });
    expect(data).toEqual({
      name: 'River Stone',
      username: 'river',
      bio: 'Hi',
      interests: [],
      languagesSpoken: ['l1'],
      termsAccepted: false,
    });
  });
});
