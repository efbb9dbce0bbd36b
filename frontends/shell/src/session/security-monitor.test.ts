import { describe, expect, it, vi } from 'vitest';
import {
  FLUSH_MS,
  QUIET_MS,
  REPEAT_MS,
  SecurityMonitor,
  type QueuedSecurityEvent,
} from './security-monitor.ts';

function harness(send: (events: QueuedSecurityEvent[]) => Promise<void> = async () => {}) {
  let now = 1_800_000_000_000;
  const timers: Array<{ fn: () => void; at: number } | null> = [];
  const sent: QueuedSecurityEvent[][] = [];
  const monitor = new SecurityMonitor({
    send: (events) => {
      sent.push(events);
      return send(events);
    },
    now: () => now,
    setTimer: (fn, ms) => timers.push({ fn, at: now + ms }) - 1,
    clearTimer: (id) => void (timers[id as number] = null),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const [i, t] of timers.entries())
      if (t && t.at <= now) {
        timers[i] = null;
        t.fn();
      }
  };
  return { monitor, sent, advance };
}

describe('the browser security monitor', () => {
  it('batches events and sends them after the flush interval', () => {
    const { monitor, sent, advance } = harness();
    monitor.record('page_hidden');
    monitor.record('page_visible');
    expect(sent).toEqual([]);
    advance(FLUSH_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((e) => e.type)).toEqual(['page_hidden', 'page_visible']);
  });

  it('sends at once on unload', () => {
    const { monitor, sent } = harness();
    monitor.record('page_hidden');
    monitor.record('page_unload');
    expect(sent[0]!.map((e) => e.type)).toEqual(['page_hidden', 'page_unload']);
  });

  it('drops repeats of a type within the repeat window', () => {
    const { monitor, sent, advance } = harness();
    monitor.record('right_click_detected');
    advance(REPEAT_MS - 1);
    monitor.record('right_click_detected');
    advance(FLUSH_MS);
    expect(sent.flat()).toHaveLength(1);
  });

  it('detects devtools past 160 px once per opening', () => {
    const { monitor, sent, advance } = harness();
    monitor.checkDevtools({ outerWidth: 1280, innerWidth: 1280, outerHeight: 900, innerHeight: 800 });
    monitor.checkDevtools({ outerWidth: 1280, innerWidth: 1119, outerHeight: 900, innerHeight: 800 });
    advance(REPEAT_MS + 1);
    monitor.checkDevtools({ outerWidth: 1280, innerWidth: 1100, outerHeight: 900, innerHeight: 800 });
    advance(FLUSH_MS);
    expect(sent.flat().map((e) => [e.type, e.details])).toEqual([
      ['devtools_opened', { widthGap: 161, heightGap: 100 }],
    ]);
    // 160 px exactly is not "more than 160".
    const other = harness();
    other.monitor.checkDevtools({ outerWidth: 1280, innerWidth: 1120, outerHeight: 900, innerHeight: 900 });
    other.advance(FLUSH_MS);
    expect(other.sent).toEqual([]);
  });

  it('knows the developer shortcuts', () => {
    const { monitor, sent, advance } = harness();
    const key = (
      k: string,
      mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {},
    ) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      ...mods,
    });
    monitor.checkShortcut(key('a'));
    monitor.checkShortcut(key('c', { ctrlKey: true }));
    expect((advance(FLUSH_MS), sent)).toEqual([]);
    monitor.checkShortcut(key('i', { metaKey: true, shiftKey: true }));
    advance(FLUSH_MS);
    expect(sent.flat().map((e) => e.details)).toEqual([{ key: 'I' }]);
  });

  it('keeps quiet for a while after a refusal', async () => {
    const send = vi.fn(async () => {
      throw new Error('Too Many Requests');
    });
    const { monitor, sent, advance } = harness(send);
    monitor.record('page_unload');
    await Promise.resolve();
    await Promise.resolve();
    monitor.record('page_hidden');
    advance(FLUSH_MS);
    expect(sent).toHaveLength(1);
    advance(QUIET_MS);
    monitor.record('page_visible');
    advance(FLUSH_MS);
    expect(sent).toHaveLength(2);
  });
});
