import { DomainError, type KeyValueStore } from '@mer/service-runtime';

export interface ThrottleLimit {
  maxFailures: number;
  windowMs: number;
}

/** Who a failed attempt counts against: the account (or the unknown identifier) and the client IP. */
export interface AttemptKeys {
  account: string;
  ip: string;
}

/**
 * Counts failed password checks per account and per client IP in fixed windows (Redis in the
 * cluster, memory in the embedded topology). Reaching a limit locks that key until its window
 * ends. Success resets nothing: "at most N failures per window" stays true whatever happens.
 */
export class LoginThrottle {
  constructor(
    private readonly store: KeyValueStore,
    private readonly limits: { account: ThrottleLimit; ip: ThrottleLimit },
  ) {}

  /** Throws Too Many Requests, with the seconds to wait, while the account or the IP is locked. */
  async assertAllowed(keys: AttemptKeys): Promise<void> {
    const locks = await Promise.all([
      this.store.get(lockKey('account', keys.account)),
      this.store.get(lockKey('ip', keys.ip)),
    ]);
    const now = Date.now();
    const waitMs = Math.max(
      0,
      ...locks.map((until) => (until ? Number(until) - now : 0)).filter(Number.isFinite),
    );
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new DomainError('too_many_requests', {
        message: `Too many failed attempts. Please wait ${describeWait(seconds)} before trying again.`,
        retryAfterSeconds: seconds,
      });
    }
  }

  async recordFailure(keys: AttemptKeys): Promise<void> {
    await Promise.all([
      this.count('account', keys.account, this.limits.account),
      this.count('ip', keys.ip, this.limits.ip),
    ]);
  }

  private async count(kind: 'account' | 'ip', id: string, limit: ThrottleLimit): Promise<void> {
    const { count, ttlMs } = await this.store.increment(counterKey(kind, id), limit.windowMs);
    if (count >= limit.maxFailures) {
      const remaining = ttlMs > 0 ? ttlMs : limit.windowMs;
      await this.store.set(lockKey(kind, id), String(Date.now() + remaining), remaining);
    }
  }
}

const counterKey = (kind: string, id: string) => `identity:login-failures:${kind}:${id}`;
const lockKey = (kind: string, id: string) => `identity:login-lock:${kind}:${id}`;

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
