import { performance } from 'node:perf_hooks';
import type { Logger } from '@mer/service-runtime';
import {
  claimDueEmails,
  markEmailsCancelled,
  markEmailsFailed,
  markEmailsSent,
  releaseClaimedEmails,
  scheduleEmailRetry,
  type ClaimedEmail,
} from '../db/email-queue.repository.ts';
import { MAX_ATTEMPTS, afterFailedAttempt, isPermanentFailure } from '../domain/delivery-policy.ts';
import type { NotificationsEmailDeps } from '../deps.ts';
import {
  loadSendingFacts,
  prepareOutgoing,
  recordOutcome,
  type SendingFacts,
} from '../use-cases/send-email.ts';

export interface EmailDispatcherOptions {
  deps: Pick<
    NotificationsEmailDeps,
    'db' | 'mailTransport' | 'log' | 'clock' | 'site' | 'linkSecret' | 'transaction'
  >;
  /** How often to look for due e-mails when the queue was empty. */
  pollIntervalMs: number;
  /** First retry delay; later ones grow (see delivery-policy). */
  retryBaseMs: number;
  /** How long a claimed e-mail stays reserved for this dispatcher while it sends it. */
  leaseMs: number;
  /** How many e-mails are handed to the transport at once (the SMTP pool's connections). */
  concurrency?: number;
  batchSize?: number;
}

const MAX_ERROR_LENGTH = 500;

/**
 * Sends queued e-mails. Each round claims a batch of due ones (one short statement), groups the batch-eligible
 * ones of each member into one e-mail (spec 001 section 4: delayed e-mails due together go out as one), reads what
 * composing them needs (three queries for the batch), and sends them `concurrency` at a time with no transaction
 * open, recording each outcome as soon as its send returns. Any number of replicas can run it: the claim is atomic
 * and leased, so an e-mail is sent by one of them. Each e-mail is claimed, sent, then marked: it may be sent twice
 * only when a dispatcher dies between the SMTP server accepting it and the mark (at most `concurrency` e-mails per
 * dispatcher are in that window), which is at-least-once, as SMTP itself. It is never lost: an unmarked row comes
 * back when its lease ends. A send is only started while at least half of the lease is left, so a slow SMTP server
 * cannot keep a row past its lease (another replica could take it then); the rest of the batch is given back.
 */
export class EmailDispatcher {
  private running = false;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly log: Logger;

  constructor(private readonly opts: EmailDispatcherOptions) {
    this.batchSize = opts.batchSize ?? 50;
    this.concurrency = Math.max(1, opts.concurrency ?? 1);
    this.log = opts.deps.log;
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
        this.log.warn({ err, failures }, 'e-mail dispatcher could not reach the queue; retrying');
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
    const { db, clock } = this.opts.deps;
    const claimedAt = performance.now();
    const batch = await claimDueEmails(db, {
      limit: this.batchSize,
      leaseMs: this.opts.leaseMs,
      now: clock.now(),
    });
    if (!batch.length) return 0;
    const groups = groupForSending(batch);
    const facts = await loadSendingFacts(this.opts.deps, batch);
    const startBefore = claimedAt + this.opts.leaseMs / 2;
    const notStarted: ClaimedEmail[] = [];
    let next = 0;
    let failure: unknown = null;
    // A few workers take the groups in queue order; each sends one e-mail at a time.
    const worker = async () => {
      while (next < groups.length) {
        const group = groups[next++]!;
        if (this.stopping || failure || performance.now() > startBefore) {
          notStarted.push(...group);
          continue;
        }
        try {
          await this.deliver(group, facts);
        } catch (err) {
          // The queue is unreachable: this group stays leased (it comes back), the others are given back.
          failure ??= err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, groups.length) }, worker));
    if (notStarted.length)
      await releaseClaimedEmails(
        db,
        notStarted.map((e) => e.id),
        clock.now(),
      );
    if (failure) throw failure;
    return batch.length;
  }

  private async deliver(rows: ClaimedEmail[], facts: SendingFacts): Promise<void> {
    const { deps } = this.opts;
    const ids = rows.map((r) => r.id);
    const attempts = Math.max(...rows.map((r) => r.attempts));
    if (attempts > MAX_ATTEMPTS) {
      // Its earlier tries never reported back (the sender died each time): stop trying.
      await markEmailsFailed(deps.db, ids, `Gave up after ${MAX_ATTEMPTS} attempts`);
      this.log.error({ emailIds: ids }, 'e-mail failed: no attempts left');
      return;
    }
    const prepared = prepareOutgoing(deps, rows, facts);
    if (prepared.cancelled.length) {
      await markEmailsCancelled(
        deps.db,
        prepared.cancelled.map((c) => c.id),
        prepared.reason ?? 'cancelled',
      );
    }
    if (!prepared.outgoing) return;
    const sendIds = prepared.rows.map((r) => r.id);
    try {
      await deps.mailTransport.send(prepared.outgoing);
    } catch (err) {
      const message = describeError(err);
      const decision = afterFailedAttempt(attempts, isPermanentFailure(err), this.opts.retryBaseMs);
      if (decision.action === 'retry') {
        await scheduleEmailRetry(
          deps.db,
          sendIds,
          message,
          new Date(deps.clock.now().getTime() + decision.delayMs),
        );
        this.log.warn(
          { emailIds: sendIds, attempt: attempts, retryInMs: decision.delayMs, error: message },
          'e-mail not sent; will retry',
        );
      } else {
        await markEmailsFailed(deps.db, sendIds, message);
        await recordOutcome(deps, prepared, 'failed');
        this.log.error({ emailIds: sendIds, attempt: attempts, error: message }, 'e-mail failed');
      }
      return;
    }
    await markEmailsSent(deps.db, sendIds, {
      transport: deps.mailTransport.kind,
      at: deps.clock.now(),
      log: { id: prepared.logId, userId: prepared.userId, emailType: prepared.emailType },
    });
    this.log.debug({ emailIds: sendIds, transport: deps.mailTransport.kind }, 'e-mail sent');
  }
}

/**
 * One e-mail per claimed row, except batch-eligible ones: those of one member claimed together become one group
 * (one e-mail), in queue order.
 */
export function groupForSending(rows: ClaimedEmail[]): ClaimedEmail[][] {
  const groups: ClaimedEmail[][] = [];
  const byMember = new Map<string, ClaimedEmail[]>();
  for (const row of rows) {
    if (row.batchEligible && row.userId) {
      const group = byMember.get(row.userId);
      if (group) {
        group.push(row);
        continue;
      }
      const fresh = [row];
      byMember.set(row.userId, fresh);
      groups.push(fresh);
    } else {
      groups.push([row]);
    }
  }
  return groups;
}

function describeError(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; responseCode?: unknown };
  const base = typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' ? ` [${e.code}]` : '';
  return `${base}${code}`.slice(0, MAX_ERROR_LENGTH);
}
