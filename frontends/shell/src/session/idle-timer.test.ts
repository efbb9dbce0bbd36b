import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimer } from './idle-timer.ts';

describe('IdleTimer (30 min idle, warning at 25 min, check every 5 min)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const minutes = (n: number) => n * 60_000;
  const make = () => {
    const events: string[] = [];
    const timer = new IdleTimer({
      timeoutMs: minutes(30),
      warningMs: minutes(25),
      checkMs: minutes(5),
      onWarning: () => events.push(`warning@${Date.now() / 60_000}`),
      onTimeout: () => events.push(`timeout@${Date.now() / 60_000}`),
    });
    return { timer, events };
  };

  it('warns at 25 minutes and times out at 30 without activity', () => {
    vi.setSystemTime(0);
    const { timer, events } = make();
    timer.start();
    vi.advanceTimersByTime(minutes(24));
    expect(events).toEqual([]);
    vi.advanceTimersByTime(minutes(1));
    expect(events).toEqual(['warning@25']);
    vi.advanceTimersByTime(minutes(5));
    expect(events).toEqual(['warning@25', 'timeout@30']);
    vi.advanceTimersByTime(minutes(60));
    expect(events).toHaveLength(2);
  });

  it('activity moves both deadlines', () => {
    vi.setSystemTime(0);
    const { timer, events } = make();
    timer.start();
    vi.advanceTimersByTime(minutes(20));
    timer.recordActivity();
    vi.advanceTimersByTime(minutes(24));
    expect(events).toEqual([]);
    vi.advanceTimersByTime(minutes(1));
    expect(events).toEqual(['warning@45']);
    timer.recordActivity();
    vi.advanceTimersByTime(minutes(24));
    expect(events).toEqual(['warning@45']);
    vi.advanceTimersByTime(minutes(1));
    expect(events).toEqual(['warning@45', 'warning@70']);
    vi.advanceTimersByTime(minutes(5));
    expect(events).toEqual(['warning@45', 'warning@70', 'timeout@75']);
  });

  it('stops for good', () => {
    vi.setSystemTime(0);
    const { timer, events } = make();
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(minutes(60));
    expect(events).toEqual([]);
  });
});
