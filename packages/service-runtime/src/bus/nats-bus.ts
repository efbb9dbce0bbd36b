import { connect, type NatsConnection, type Subscription as CoreSubscription } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type ConsumerMessages,
} from '@nats-io/jetstream';
import type { EventEnvelope } from '@mer/contracts';
import type { Logger } from '../logger.ts';
import {
  defaultRetryDelay,
  producerOf,
  type ConsumerLag,
  type DurableSubscriptionOptions,
  type EventBus,
  type Subscription,
} from './types.ts';

const DAY_NS = 24 * 60 * 60 * 1e9;
const SECOND_NS = 1e9;

export interface NatsBusOptions {
  servers: string;
  /** Prefix for every subject and stream; keeps test runs apart on a shared server. */
  namespace?: string;
  logger?: Logger;
  name?: string;
}

/**
 * JetStream: one stream per publishing service (`MER_<SERVICE>` on `<service>.>`), durable pull
 * consumers with explicit ack, redelivery after ack_wait or a nak, and Nats-Msg-Id dedup.
 */
export class NatsBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly ensured = new Map<string, Promise<void>>();
  private readonly prefix: string;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly opts: NatsBusOptions,
  ) {
    this.prefix = opts.namespace ? `${opts.namespace}.` : '';
  }

  static async connect(opts: NatsBusOptions): Promise<NatsBus> {
    const nc = await connect({
      servers: opts.servers.split(','),
      name: opts.name ?? 'mer',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      // Otherwise every request (each JetStream publish waits for its ack as one) creates an Error up front to keep
      // the caller's stack for a possible time-out: about a tenth of messaging's CPU per message in
      // bench:messaging. A time-out still fails with its own error, only without the publishing call's stack.
      noAsyncTraces: true,
    });
    const jsm = await jetstreamManager(nc);
    return new NatsBus(nc, jetstream(nc), jsm, opts);
  }

  private streamName(producer: string): string {
    const ns = this.opts.namespace ? `${this.opts.namespace}_` : '';
    return `MER_${ns}${producer}`.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  }

  /** Creates the producer's stream once per process; safe when several processes race. */
  ensureStream(producer: string): Promise<void> {
    let ready = this.ensured.get(producer);
    if (!ready) {
      ready = (async () => {
        const name = this.streamName(producer);
        const config = {
          name,
          subjects: [`${this.prefix}${producer}.>`],
          retention: RetentionPolicy.Limits,
          storage: StorageType.File,
          max_age: 7 * DAY_NS,
          duplicate_window: 120 * SECOND_NS,
        };
        try {
          await this.jsm.streams.info(name);
        } catch {
          try {
            await this.jsm.streams.add(config);
          } catch (err) {
            // Another process created it between our info and add.
            await this.jsm.streams.info(name).catch(() => {
              throw err;
            });
          }
        }
      })();
      ready.catch(() => this.ensured.delete(producer));
      this.ensured.set(producer, ready);
    }
    return ready;
  }

  async publish(event: EventEnvelope): Promise<void> {
    await this.ensureStream(producerOf(event.subject));
    await this.js.publish(`${this.prefix}${event.subject}`, JSON.stringify(event), { msgID: event.id });
  }

  async subscribe(opts: DurableSubscriptionOptions): Promise<Subscription> {
    const producer = producerOf(opts.subject);
    await this.ensureStream(producer);
    const stream = this.streamName(producer);
    const ordered = opts.ordered ?? true;
    const maxInFlight = ordered ? 1 : (opts.maxInFlight ?? 16);
    const retryDelay = opts.retryDelayMs ?? defaultRetryDelay;
    const durable = opts.durable.replace(/[^A-Za-z0-9_-]/g, '_');
    const consumerConfig = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${this.prefix}${opts.subject}`,
      max_ack_pending: maxInFlight,
      ack_wait: (opts.ackWaitMs ?? 30_000) * 1e6,
      max_deliver: -1,
    };
    try {
      await this.jsm.consumers.info(stream, durable);
      await this.jsm.consumers.update(stream, durable, {
        max_ack_pending: maxInFlight,
        ack_wait: consumerConfig.ack_wait,
      });
    } catch {
      await this.jsm.consumers.add(stream, consumerConfig).catch(async (err) => {
        await this.jsm.consumers.info(stream, durable).catch(() => {
          throw err;
        });
      });
    }
    const consumer = await this.js.consumers.get(stream, durable);
    const messages: ConsumerMessages = await consumer.consume({ max_messages: maxInFlight });
    const inFlight = new Set<Promise<void>>();
    const log = this.opts.logger;

    const handle = async (m: typeof messages extends AsyncIterable<infer M> ? M : never) => {
      let event: EventEnvelope;
      try {
        event = JSON.parse(m.string()) as EventEnvelope;
      } catch {
        log?.error({ subject: m.subject, durable }, 'unparseable message dropped');
        m.term();
        return;
      }
      if (this.prefix && event.subject.startsWith(this.prefix))
        event.subject = event.subject.slice(this.prefix.length);
      try {
        await opts.handler(event);
        m.ack();
      } catch (err) {
        const attempt = m.info.deliveryCount;
        log?.warn(
          { err, subject: event.subject, eventId: event.id, durable, attempt },
          'event handler failed; will redeliver',
        );
        m.nak(retryDelay(attempt));
      }
    };

    const loop = (async () => {
      for await (const m of messages) {
        const p = handle(m).finally(() => inFlight.delete(p));
        inFlight.add(p);
        if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      }
    })();

    return {
      async stop() {
        await messages.close().catch(() => undefined);
        await loop.catch(() => undefined);
        await Promise.all(inFlight);
      },
    };
  }

  async subscribeBroadcast(subject: string, handler: (event: EventEnvelope) => void): Promise<Subscription> {
    const sub: CoreSubscription = this.nc.subscribe(`${this.prefix}${subject}`, {
      callback: (err, msg) => {
        if (err) return;
        try {
          const event = JSON.parse(msg.string()) as EventEnvelope;
          handler(event);
        } catch (e) {
          this.opts.logger?.warn({ err: e }, 'broadcast handler failed');
        }
      },
    });
    return {
      async stop() {
        sub.unsubscribe();
      },
    };
  }

  async consumerLag(): Promise<ConsumerLag[]> {
    const prefix = this.streamName('');
    const lags: ConsumerLag[] = [];
    for await (const stream of this.jsm.streams.list()) {
      if (!stream.config.name.startsWith(prefix)) continue;
      for await (const consumer of this.jsm.consumers.list(stream.config.name)) {
        lags.push({
          stream: stream.config.name,
          consumer: consumer.name,
          subject: (consumer.config.filter_subject ?? '').slice(this.prefix.length),
          pending: consumer.num_pending,
          ackPending: consumer.num_ack_pending,
        });
      }
    }
    return lags.sort((a, b) => a.stream.localeCompare(b.stream) || a.consumer.localeCompare(b.consumer));
  }

  /** Removes this namespace's streams (tests only). */
  async destroyNamespace(): Promise<void> {
    if (!this.opts.namespace) throw new Error('Refusing to delete streams outside a test namespace');
    const prefix = this.streamName('');
    for await (const s of this.jsm.streams.list()) {
      if (s.config.name.startsWith(prefix)) await this.jsm.streams.delete(s.config.name);
    }
  }

  async close(): Promise<void> {
    await this.nc.drain().catch(() => this.nc.close());
  }
}
