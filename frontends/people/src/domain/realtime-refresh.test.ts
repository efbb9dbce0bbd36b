import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshBatcher } from './realtime-refresh.ts';

describe('RefreshBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flushes each key once, 300 ms after the last change', () => {
    const flush = vi.fn();
    const batcher = new RefreshBatcher<readonly string[]>(flush);
    batcher.add([['sg', 'received']]);
    vi.advanceTimersByTime(200);
    batcher.add([
      ['sg', 'received'],
      ['sg', 'sent'],
    ]);
    vi.advanceTimersByTime(299);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith([
      ['sg', 'received'],
      ['sg', 'sent'],
    ]);
  });

  it('forgets the batch when cancelled', () => {
    const flush = vi.fn();
    const batcher = new RefreshBatcher<string>(flush);
    batcher.add(['a']);
    batcher.cancel();
    vi.advanceTimersByTime(1000);
    expect(flush).not.toHaveBeenCalled();
  });
});
