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

/**
 * Fixed-window counters per IP in the shared KeyValueStore (Redis in the cluster, so every gateway
 * replica counts together; memory in the embedded topology). When the store fails the request is let
 * through: an outage of Redis must not take the whole site down.
 */
export class RateLimiter {
  private readonly sensitive: Set<string>;
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
      const all = await this.store.increment(`rl:api:${ip}`, windowMs);
      if (all.count > this.options.perIp) throw tooManyRequests(retryAfter(all.ttlMs, windowMs));
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
}

function retryAfter(ttlMs: number, windowMs: number): number {
  const ms = ttlMs > 0 ? ttlMs : windowMs;
  return Math.max(1, Math.ceil(ms / 1000));
}
