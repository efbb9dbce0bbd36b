import type { Kysely } from 'kysely';
import type { Logger } from '@mer/service-runtime';
import type { NotificationsEmailTables } from '../db/tables.ts';
import {
  claimDueEmails,
  markEmailFailed,
  markEmailSent,
  releaseClaimedEmails,
  scheduleEmailRetry,
  type ClaimedEmail,
} from '../db/email-queue.repository.ts';
import { MAX_ATTEMPTS, afterFailedAttempt, isPermanentFailure } from '../domain/delivery-policy.ts';
import type { MailTransport } from './mail-transport.ts';

export interface EmailDispatcherOptions {
  db: Kysely<NotificationsEmailTables>;
  transport: MailTransport;
  log: Logger;
  /** How often to look for due e-mails when the queue was empty. */
  pollIntervalMs: number;
  /** First retry delay; later ones grow (see delivery-policy). */
  retryBaseMs: number;
  /** How long a claimed e-mail stays reserved for this dispatcher while it sends it. */
  leaseMs: number;
  batchSize?: number;
}

const MAX_ERROR_LENGTH = 500;

/**
 * Sends queued e-mails. Each round claims a batch (one short statement), sends them one by one
 * with no transaction open, and records each outcome. Any number of replicas can run it: the
 * claim is atomic and leased, so an e-mail is sent by one of them; it may be sent twice only
 * when a dispatcher dies between handing it to SMTP and recording it (at-least-once, as SMTP itself).
 */
export class EmailDispatcher {
  private running = false;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private readonly batchSize: number;

  constructor(private readonly opts: EmailDispatcherOptions) {
    this.batchSize = opts.batchSize ?? 20;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.loop = this.run();
  }

  /** Look for due e-mails now instead of at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Finishes the e-mail being sent, gives back the rest of the batch, and stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.dispatchDue();
        failures = 0;
      } catch (err) {
        failures++;
        this.opts.log.warn({ err, failures }, 'e-mail dispatcher could not reach the queue; retrying');
      }
      if (claimed > 0 && this.running) continue;
      const delay = failures
        ? Math.min(30_000, this.opts.pollIntervalMs * 2 ** Math.min(failures, 5))
        : this.opts.pollIntervalMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /** One round: claim due e-mails and send them. Returns how many were claimed. */
  async dispatchDue(): Promise<number> {
    const batch = await claimDueEmails(this.opts.db, { limit: this.batchSize, leaseMs: this.opts.leaseMs });
    for (let i = 0; i < batch.length; i++) {
      if (this.stopping) {
        await releaseClaimedEmails(
          this.opts.db,
          batch.slice(i).map((e) => e.id),
        );
        break;
      }
      await this.deliver(batch[i]!);
    }
    return batch.length;
  }

  private async deliver(email: ClaimedEmail): Promise<void> {
    const { db, transport, log } = this.opts;
    if (email.attempts > MAX_ATTEMPTS) {
      // Its earlier tries never reported back (the sender died each time): stop trying.
      await markEmailFailed(db, email.id, `Gave up after ${MAX_ATTEMPTS} attempts`);
      log.error({ emailId: email.id, kind: email.kind }, 'e-mail failed: no attempts left');
      return;
    }
    try {
      await transport.send(email);
    } catch (err) {
      const message = describeError(err);
      const decision = afterFailedAttempt(email.attempts, isPermanentFailure(err), this.opts.retryBaseMs);
      if (decision.action === 'retry') {
        await scheduleEmailRetry(db, email.id, message, decision.delayMs);
        log.warn(
          {
            emailId: email.id,
            kind: email.kind,
            attempt: email.attempts,
            retryInMs: decision.delayMs,
            error: message,
          },
          'e-mail not sent; will retry',
        );
      } else {
        await markEmailFailed(db, email.id, message);
        log.error(
          { emailId: email.id, kind: email.kind, attempt: email.attempts, error: message },
          'e-mail failed',
        );
      }
      return;
    }
    await markEmailSent(db, email.id, transport.kind);
    log.debug({ emailId: email.id, kind: email.kind, transport: transport.kind }, 'e-mail sent');
  }
}

function describeError(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; responseCode?: unknown };
  const base = typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' ? ` [${e.code}]` : '';
  return `${base}${code}`.slice(0, MAX_ERROR_LENGTH);
}
