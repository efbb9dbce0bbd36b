export interface IdleTimerOptions {
  timeoutMs: number;
  warningMs: number;
  /** The periodic check (spec: every 5 min); deadlines also fire on their own. */
  checkMs: number;
  onWarning: () => void;
  onTimeout: () => void;
  now?: () => number;
}

/**
 * Tracks inactivity: warns once `warningMs` passed since the last activity and times out at `timeoutMs`.
 * Activity only moves a timestamp (mousemove fires constantly); the single timer re-arms itself when it finds
 * that activity moved the deadline.
 */
export class IdleTimer {
  private lastActivity = 0;
  private warned = false;
  private stopped = true;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private interval: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: IdleTimerOptions) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    this.lastActivity = this.now();
    this.warned = false;
    this.schedule();
    this.interval = setInterval(() => this.evaluate(), this.options.checkMs);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.interval);
  }

  recordActivity(): void {
    if (this.stopped) return;
    this.lastActivity = this.now();
    this.warned = false;
  }

  /** Milliseconds since the last activity. */
  idleFor(): number {
    return this.now() - this.lastActivity;
  }

  /** Checks the deadlines now (also called by the periodic check and when the page becomes visible). */
  evaluate(): void {
    if (this.stopped) return;
    const idle = this.idleFor();
    if (idle >= this.options.timeoutMs) {
      this.stop();
      this.options.onTimeout();
      return;
    }
    if (idle >= this.options.warningMs && !this.warned) {
      this.warned = true;
      this.options.onWarning();
    }
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const idle = this.idleFor();
    const next =
      !this.warned && idle < this.options.warningMs
        ? this.options.warningMs - idle
        : this.options.timeoutMs - idle;
    this.timer = setTimeout(() => this.evaluate(), Math.max(0, next));
  }
}

/** Spec: the events that count as activity. */
export const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'scroll',
  'touchstart',
  'click',
] as const;
