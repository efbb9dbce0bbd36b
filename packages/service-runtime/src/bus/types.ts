import type { EventEnvelope } from '@mer/contracts';

export interface DurableSubscriptionOptions {
  /** Durable consumer name, `<consumer-service>-<handler>`; survives restarts. */
  durable: string;
  /** One subject (wildcards allowed) of one producing service. */
  subject: string;
  /** Called once per delivery; resolve to ack, throw to have it delivered again later. */
  handler: (event: EventEnvelope) => Promise<void>;
  /**
   * Deliveries in publish order, one at a time (the default). Without it up to `maxInFlight`
   * messages are handled concurrently and order is not promised.
   */
  ordered?: boolean;
  maxInFlight?: number;
  /** How long a delivery may stay unacknowledged before it is given to someone else (default 30 s). */
  ackWaitMs?: number;
  /** Delay before a failed delivery is tried again (grows with attempts, capped). */
  retryDelayMs?: (attempt: number) => number;
}

/** How far one durable consumer is behind (operators' diagnostics). */
export interface ConsumerLag {
  /** The stream (JetStream) or 'embedded'. */
  stream: string;
  consumer: string;
  /** The subject (pattern) it reads, without the test namespace. */
  subject: string;
  /** Stored events it has not been given yet. */
  pending: number;
  /** Events given to it and not yet acknowledged; null where the bus cannot tell. */
  ackPending: number | null;
}

export interface Subscription {
  /** Stops taking new deliveries and waits for the one in progress. */
  stop(): Promise<void>;
}

/**
 * The event bus every service sees. Two implementations with the same guarantees:
 * NATS JetStream (cluster) and the embedded bus (one process, stored in the database).
 * - at-least-once delivery to each durable consumer, redelivery until acked;
 * - publishing the same event id twice stores it once (dedup);
 * - per durable consumer, `ordered` deliveries follow publish order.
 * Broadcast subscriptions are at-most-once fan-out to every live process (the gateway's /ws).
 */
export interface EventBus {
  readonly kind: 'nats' | 'embedded';
  publish(event: EventEnvelope): Promise<void>;
  subscribe(opts: DurableSubscriptionOptions): Promise<Subscription>;
  subscribeBroadcast(subject: string, handler: (event: EventEnvelope) => void): Promise<Subscription>;
  /** Every durable consumer of this bus (of its namespace) and how far behind it is. */
  consumerLag(): Promise<ConsumerLag[]>;
  close(): Promise<void>;
}

export const defaultRetryDelay = (attempt: number) => Math.min(30_000, 250 * 2 ** Math.min(attempt, 7));

/** NATS subject matching: `*` one token, `>` the rest. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/** The producing service of a subject (its first token). */
export function producerOf(subject: string): string {
  const producer = subject.split('.')[0];
  if (!producer || producer === '*' || producer === '>')
    throw new Error(`Subject ${subject} names no producer`);
  return producer;
}
