import type { Logger } from '@mer/service-runtime';

/** Runs background work every `intervalMs` (never two rounds at once; 0 turns it off) until stopped. */
export class Repeater {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly log: Logger,
    private readonly work: () => Promise<unknown>,
  ) {}

  start(): void {
    if (this.intervalMs <= 0) return;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.work()
        .catch((err: unknown) => this.log.warn({ err }, `${this.name}: round failed`))
        .finally(() => {
          this.round = null;
          this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.round;
  }
}
