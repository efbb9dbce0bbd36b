import type { EventEnvelope } from '@mer/contracts';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import {
  defaultRetryDelay,
  subjectMatches,
  type ConsumerLag,
  type DurableSubscriptionOptions,
  type EventBus,
  type Subscription,
} from './types.ts';

const RETENTION_DAYS = 7;
const BUS_MIGRATION = `
  create table if not exists messages (
    seq bigserial primary key,
    id uuid not null unique,
    subject text not null,
    envelope jsonb not null,
    stored_at timestamptz not null default now()
  );
  create table if not exists consumers (
    durable text primary key,
    subject text not null,
    acked_seq bigint not null default 0
  );
`;

/** NATS wildcards as an anchored Postgres regular expression. */
function subjectRegex(pattern: string): string {
  return (
    '^' +
    pattern
      .split('.')
      .map((t) => (t === '*' ? '[^.]+' : t === '>' ? '.+' : t.replace(/[-\\^$.*+?()[\]{}|]/g, '\\$&')))
      .join('\\.') +
    '$'
  );
}

/**
 * The embedded topology's bus: the same guarantees as JetStream without a server. Messages and
 * each durable consumer's position live in the database (schema `mer_bus`), so nothing published
 * is lost when the process stops; a consumer resumes after the last event it acknowledged.
 */
export class EmbeddedBus implements EventBus {
  readonly kind = 'embedded' as const;
  private readonly wakers = new Set<() => void>();
  private readonly broadcasts = new Set<{ subject: string; handler: (e: EventEnvelope) => void }>();
  private readonly active = new Set<string>();
  /** Durable consumers of this process that are handling an event right now (one at a time each). */
  private readonly handling = new Set<string>();
  private readonly pruneTimer: NodeJS.Timeout;
  private closed = false;

  private constructor(
    private readonly database: Database,
    private readonly logger?: Logger,
  ) {
    this.pruneTimer = setInterval(() => void this.prune(), 60 * 60 * 1000);
    this.pruneTimer.unref();
  }

  static async open(database: Database, logger?: Logger): Promise<EmbeddedBus> {
    await database.exclusiveSession('mer-bus-migrate', (session) => session.exec(BUS_MIGRATION));
    return new EmbeddedBus(database, logger);
  }

  async publish(event: EventEnvelope): Promise<void> {
    const inserted = await this.database.db
      .insertInto('messages')
      .values({ id: event.id, subject: event.subject, envelope: JSON.stringify(event) })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('seq')
      .executeTakeFirst();
    if (!inserted) return; // a duplicate id: stored once, delivered once
    for (const wake of this.wakers) wake();
    for (const b of this.broadcasts) {
      if (subjectMatches(b.subject, event.subject)) {
        try {
          b.handler(event);
        } catch (err) {
          this.logger?.warn({ err }, 'broadcast handler failed');
        }
      }
    }
  }

  async subscribe(opts: DurableSubscriptionOptions): Promise<Subscription> {
    if (this.active.has(opts.durable)) throw new Error(`Durable consumer ${opts.durable} is already running`);
    this.active.add(opts.durable);
    const db = this.database.db;
    await db
      .insertInto('consumers')
      .values({ durable: opts.durable, subject: opts.subject })
      .onConflict((oc) => oc.column('durable').doUpdateSet({ subject: opts.subject }))
      .execute();
    const retryDelay = opts.retryDelayMs ?? defaultRetryDelay;
    const pattern = subjectRegex(opts.subject);
    let running = true;
    let wake: () => void = () => undefined;
    const waker = () => wake();
    this.wakers.add(waker);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });

    const loop = (async () => {
      while (running && !this.closed) {
        const position = await db
          .selectFrom('consumers')
          .select('acked_seq')
          .where('durable', '=', opts.durable)
          .executeTakeFirstOrThrow();
        const batch = await db
          .selectFrom('messages')
          .select(['seq', 'envelope'])
          .where('seq', '>', position.acked_seq)
          .where(sql<boolean>`subject ~ ${pattern}`)
          .orderBy('seq')
          .limit(100)
          .execute();
        if (!batch.length) {
          await sleep(1000);
          continue;
        }
        for (const row of batch) {
          let attempt = 1;
          while (running) {
            try {
              this.handling.add(opts.durable);
              await opts.handler(row.envelope as EventEnvelope);
              break;
            } catch (err) {
              this.logger?.warn(
                { err, durable: opts.durable, attempt },
                'event handler failed; will redeliver',
              );
              await sleep(retryDelay(attempt++));
            }
          }
          if (!running) return;
          await db
            .updateTable('consumers')
            .set({ acked_seq: row.seq })
            .where('durable', '=', opts.durable)
            .execute();
          this.handling.delete(opts.durable);
        }
      }
    })().catch((err) => {
      if (running && !this.closed)
        this.logger?.error({ err, durable: opts.durable }, 'embedded consumer stopped');
    });

    return {
      stop: async () => {
        running = false;
        wake();
        await loop;
        this.wakers.delete(waker);
        this.active.delete(opts.durable);
      },
    };
  }

  async subscribeBroadcast(subject: string, handler: (event: EventEnvelope) => void): Promise<Subscription> {
    const entry = { subject, handler };
    this.broadcasts.add(entry);
    return { stop: async () => void this.broadcasts.delete(entry) };
  }

  /**
   * Pending: stored events after each consumer's acknowledged position. Ack-pending: the event a consumer of this
   * process is handling now (0 or 1: it handles one at a time); null for a consumer no process here runs.
   */
  async consumerLag(): Promise<ConsumerLag[]> {
    const db = this.database.db;
    const consumers = await db
      .selectFrom('consumers')
      .select(['durable', 'subject', 'acked_seq'])
      .orderBy('durable')
      .execute();
    const lags: ConsumerLag[] = [];
    for (const consumer of consumers) {
      const { pending } = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<string>().as('pending'))
        .where('seq', '>', consumer.acked_seq)
        .where(sql<boolean>`subject ~ ${subjectRegex(consumer.subject)}`)
        .executeTakeFirstOrThrow();
      lags.push({
        stream: 'embedded',
        consumer: consumer.durable,
        subject: consumer.subject,
        pending: Number(pending),
        ackPending: this.active.has(consumer.durable) ? (this.handling.has(consumer.durable) ? 1 : 0) : null,
      });
    }
    return lags;
  }

  private async prune(): Promise<void> {
    await this.database.db
      .deleteFrom('messages')
      .where('stored_at', '<', sql<Date>`now() - ${`${RETENTION_DAYS} days`}::interval`)
      .execute()
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pruneTimer);
    for (const wake of this.wakers) wake();
  }
}
