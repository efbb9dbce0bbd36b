/**
 * The browser half of the security log (spec 001 sections 6, 7, 8, 9): page visibility, page unload, devtools
 * opened (the window differs from the viewport by more than 160 px), right clicks and developer shortcuts, sent
 * as log_security_event batches. Skipped on mobile and touch devices. It never slows the page: passive
 * listeners, one batch at most every FLUSH_MS, repeats of a type within REPEAT_MS dropped, and after a refusal
 * ('Too Many Requests' or any other) it stays quiet for QUIET_MS. Pure logic with its browser seams injected, so
 * it is tested without a browser.
 */

export type BrowserSecurityEventType =
  | 'page_hidden'
  | 'page_visible'
  | 'page_unload'
  | 'devtools_opened'
  | 'right_click_detected'
  | 'dev_shortcut_attempted';

export interface QueuedSecurityEvent {
  type: BrowserSecurityEventType;
  occurredAt: string;
  details?: Record<string, string | number | boolean | null>;
}

/** Spec 001 section 9: devtools detection when window and viewport differ by more than 160 px. */
export const DEVTOOLS_THRESHOLD_PX = 160;
export const FLUSH_MS = 10_000;
export const REPEAT_MS = 5_000;
export const QUIET_MS = 60_000;
/** The server's largest batch. */
export const BATCH_MAX = 20;

export interface SecurityMonitorSeams {
  send(events: QueuedSecurityEvent[]): Promise<void>;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export class SecurityMonitor {
  private queue: QueuedSecurityEvent[] = [];
  private lastOfType = new Map<BrowserSecurityEventType, number>();
  private timer: unknown;
  private quietUntil = 0;
  private devtoolsOpen = false;

  constructor(private readonly seams: SecurityMonitorSeams) {}

  record(type: BrowserSecurityEventType, details?: QueuedSecurityEvent['details']): void {
    const now = this.seams.now();
    if (now < this.quietUntil) return;
    const last = this.lastOfType.get(type);
    if (last !== undefined && now - last < REPEAT_MS) return;
    this.lastOfType.set(type, now);
    if (this.queue.length >= BATCH_MAX) return;
    this.queue.push({ type, occurredAt: new Date(now).toISOString(), ...(details ? { details } : {}) });
    if (type === 'page_unload') this.flush();
    else if (this.timer === undefined) this.timer = this.seams.setTimer(() => this.flush(), FLUSH_MS);
  }

  /** Window and viewport sizes, checked on resize: a jump past the threshold is one devtools_opened. */
  checkDevtools(size: {
    outerWidth: number;
    innerWidth: number;
    outerHeight: number;
    innerHeight: number;
  }): void {
    const widthGap = size.outerWidth - size.innerWidth;
    const heightGap = size.outerHeight - size.innerHeight;
    const open = widthGap > DEVTOOLS_THRESHOLD_PX || heightGap > DEVTOOLS_THRESHOLD_PX;
    if (open && !this.devtoolsOpen) this.record('devtools_opened', { widthGap, heightGap });
    this.devtoolsOpen = open;
  }

  /** F12, Ctrl/Cmd+Shift+I, J or C, Ctrl/Cmd+U. */
  checkShortcut(key: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): void {
    const k = key.key.toUpperCase();
    const modifier = key.ctrlKey || key.metaKey;
    const shortcut =
      k === 'F12' || (modifier && key.shiftKey && ['I', 'J', 'C'].includes(k)) || (modifier && k === 'U');
    if (shortcut) this.record('dev_shortcut_attempted', { key: k });
  }

  flush(): void {
    if (this.timer !== undefined) this.seams.clearTimer(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.seams.send(batch).catch(() => {
      // Refused (rate limit, signed out) or offline: drop the batch and keep quiet for a while.
      this.quietUntil = this.seams.now() + QUIET_MS;
    });
  }

  stop(): void {
    this.flush();
  }
}
