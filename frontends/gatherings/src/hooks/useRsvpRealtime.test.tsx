import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { RealtimeMessage } from '@mer/contracts';

const handlers = new Map<string, Set<(m: RealtimeMessage) => void>>();
vi.mock('@mer/server-state', () => ({
  onRealtimeMessage: (type: string, handler: (m: RealtimeMessage) => void) => {
    if (!handlers.has(type)) handlers.set(type, new Set());
    handlers.get(type)!.add(handler);
    return () => handlers.get(type)!.delete(handler);
  },
}));
const { useRsvpRealtime } = await import('./useRsvpRealtime.ts');
const { REALTIME_DEBOUNCE_MS } = await import('./useDebouncedRefresh.ts');

function send(type: string, data: Record<string, unknown>) {
  for (const handler of handlers.get(type) ?? []) handler({ type, at: new Date().toISOString(), data });
}

afterEach(() => vi.useRealTimers());

describe('live refresh on RSVP changes (through /ws)', () => {
  it('refreshes once, 300 ms after the last relevant message of a burst', () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    function Probe() {
      useRsvpRealtime(refresh, (data) => data.eventId === 'e1');
      return null;
    }
    const view = render(<Probe />);
    act(() => {
      for (let i = 0; i < 40; i++) send('events.rsvp.changed', { eventId: 'e1', goingCount: i });
      send('events.rsvp.changed', { eventId: 'other' });
      vi.advanceTimersByTime(REALTIME_DEBOUNCE_MS - 1);
    });
    expect(refresh).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => {
      send('events.rsvp.promoted', { eventId: 'e1' });
      vi.advanceTimersByTime(REALTIME_DEBOUNCE_MS);
    });
    expect(refresh).toHaveBeenCalledTimes(2);
    act(() => {
      send('events.rsvp.changed', { eventId: 'other' });
      vi.advanceTimersByTime(REALTIME_DEBOUNCE_MS);
    });
    expect(refresh).toHaveBeenCalledTimes(2);
    view.unmount();
    expect([...handlers.values()].every((set) => set.size === 0)).toBe(true);
  });
});
