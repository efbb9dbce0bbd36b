/**
 * Spec 001 section 4: "On any change, the matching cached lists are refreshed, batched with a 300 ms debounce."
 * Changes arriving close together (a request and its acceptance, a burst of requests) add their keys to one
 * batch; the batch is flushed 300 ms after the last change, each key once.
 */
export const REALTIME_REFRESH_DEBOUNCE_MS = 300;

export interface Scheduler {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Scheduler = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class RefreshBatcher<K> {
  private pending = new Map<string, K>();
  private handle: unknown;

  constructor(
    private readonly flush: (keys: K[]) => void,
    private readonly delayMs = REALTIME_REFRESH_DEBOUNCE_MS,
    private readonly timers: Scheduler = realTimers,
  ) {}

  /** Adds keys to the batch and restarts the 300 ms wait. */
  add(keys: readonly K[]): void {
    for (const key of keys) this.pending.set(JSON.stringify(key), key);
    if (this.handle !== undefined) this.timers.clear(this.handle);
    this.handle = this.timers.set(() => this.run(), this.delayMs);
  }

  /** Drops what is waiting (the page closed). */
  cancel(): void {
    if (this.handle !== undefined) this.timers.clear(this.handle);
    this.handle = undefined;
    this.pending.clear();
  }

  private run(): void {
    this.handle = undefined;
    const keys = [...this.pending.values()];
    this.pending.clear();
    if (keys.length > 0) this.flush(keys);
  }
}
