import { allRoutes } from '@mer/contracts';
import { tooManyRequests, type KeyValueStore, type Logger } from '@mer/service-runtime';

export interface RateLimitOptions {
  /** Off only for benchmarks of the bare forwarding path; default on. */
  enabled: boolean;
  /** Length of one counting window. */
  windowMs: number;
  /** Requests per IP per window on every /api route. */
  perIp: number;
  /** Requests per IP per window on each sensitive public route (sign-up, log-in, resets, ...). */
  sensitivePerIp: number;
  /** operationIds of the sensitive routes. */
  sensitiveRoutes: readonly string[];
}

/**
 * Public routes that take guesses (codes, passwords, reset tokens) or send e-mail get the stricter
 * per-IP limit: those the contracts mark `rateLimit: 'sensitive'`, so a new service declares its own
 * in its contract. Identity also throttles failed logins per account; this is the edge's share.
 */
export const SENSITIVE_ROUTES: readonly string[] = allRoutes
  .filter((route) => route.rateLimit === 'sensitive')
  .map((route) => route.operationId);

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  enabled: true,
  windowMs: 60_000,
  perIp: 300,
  sensitivePerIp: 20,
  sensitiveRoutes: SENSITIVE_ROUTES,
};

/** Most slots of the per-IP API limit one gateway reserves at once. */
const MOST_RESERVED = 16;
/** A reservation takes at most this share of what is left of the limit (so it shrinks near the limit). */
const RESERVED_SHARE = 1 / 8;
/** IPs whose reserved slots a gateway remembers; past it the oldest are forgotten (their slots stay unused). */
const REMEMBERED_IPS = 50_000;

/** Slots of one IP's API limit this gateway reserved in the shared store for the current window. */
interface Reservation {
  /** Reserved and not yet used. */
  left: number;
  /** The store's count after the last reservation (every gateway's reservations in this window). */
  count: number;
  /** When the window ends (the store's time to live at the last reservation). */
  endsAt: number;
  /** A reservation on its way to the store: requests meanwhile wait for it rather than send their own. */
  pending: Promise<void> | undefined;
}

/**
 * Fixed-window counters per IP in the shared KeyValueStore (Redis in the cluster, so every gateway
 * replica counts together; memory in the embedded topology). When the store fails the request is let
 * through: an outage of Redis must not take the whole site down.
 *
 * The API limit is counted in reserved slots, so that most requests need no round trip to Redis: a gateway adds
 * several slots to the IP's counter at once (up to 16, at most an eighth of what is left, one near the limit), uses
 * them here, and reserves again when they are spent. Every slot is counted in Redis before it is used, so all
 * gateways together never admit more than the limit in a window; slots a gateway reserved and did not use before the
 * window ended were counted all the same (an IP whose requests move between gateways may be refused a few requests
 * early, never late). Once the counter is past the limit, the refusal is remembered until the window ends (no round
 * trip per refused request). The sensitive limits are counted one request at a time, as before.
 */
export class RateLimiter {
  private readonly sensitive: Set<string>;
  private readonly reservations = new Map<string, Reservation>();
  private lastStoreWarning = 0;

  constructor(
    private readonly store: KeyValueStore,
    readonly options: RateLimitOptions,
    private readonly log: Logger,
  ) {
    this.sensitive = new Set(options.sensitiveRoutes);
  }

  isSensitive(operationId: string): boolean {
    return this.sensitive.has(operationId);
  }

  /** Throws Too Many Requests (with its retry-after) when the IP is over a limit. */
  async check(ip: string, operationId?: string): Promise<void> {
    if (!this.options.enabled) return;
    const { windowMs } = this.options;
    try {
      await this.useApiSlot(ip);
      if (operationId !== undefined && this.sensitive.has(operationId)) {
        const strict = await this.store.increment(`rl:s:${operationId}:${ip}`, windowMs);
        if (strict.count > this.options.sensitivePerIp)
          throw tooManyRequests(retryAfter(strict.ttlMs, windowMs));
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'too_many_requests') throw err;
      const now = Date.now();
      if (now - this.lastStoreWarning > 10_000) {
        this.lastStoreWarning = now;
        this.log.warn({ err }, 'rate-limit store unavailable; requests pass unthrottled');
      }
    }
  }

  /** Uses one reserved slot of the IP's API limit, reserving more first when none is left. */
  private async useApiSlot(ip: string): Promise<void> {
    const { perIp, windowMs } = this.options;
    for (;;) {
      const now = Date.now();
      let reservation = this.reservations.get(ip);
      if (reservation && reservation.endsAt <= now && !reservation.pending) {
        this.reservations.delete(ip);
        reservation = undefined;
      }
      if (reservation?.pending) {
        await reservation.pending;
        continue;
      }
      if (reservation && reservation.left > 0) {
        reservation.left--;
        return;
      }
      if (reservation && reservation.count >= perIp)
        throw tooManyRequests(retryAfter(reservation.endsAt - now, windowMs));
      // Reserve: what is left of the limit as this gateway last saw it, a share of it, at least one slot.
      const known = reservation?.count ?? 0;
      const size = Math.max(1, Math.min(MOST_RESERVED, Math.floor((perIp - known) * RESERVED_SHARE)));
      const current: Reservation = reservation ?? { left: 0, count: 0, endsAt: 0, pending: undefined };
      if (!reservation) this.remember(ip, current);
      current.pending = this.store.increment(`rl:api:${ip}`, windowMs, size).then(
        ({ count, ttlMs }) => {
          // Of the slots just counted, those within the limit are this gateway's (all, some or none).
          current.left += Math.max(0, Math.min(size, perIp - (count - size)));
          current.count = count;
          current.endsAt = Date.now() + (ttlMs > 0 ? ttlMs : windowMs);
          current.pending = undefined;
        },
        (err: unknown) => {
          this.reservations.delete(ip);
          current.pending = undefined;
          throw err;
        },
      );
      await current.pending;
    }
  }

  private remember(ip: string, reservation: Reservation): void {
    if (this.reservations.size >= REMEMBERED_IPS)
      this.reservations.delete(this.reservations.keys().next().value as string);
    this.reservations.set(ip, reservation);
  }
}

function retryAfter(ttlMs: number, windowMs: number): number {
  const ms = ttlMs > 0 ? ttlMs : windowMs;
  return Math.max(1, Math.ceil(ms / 1000));
}
