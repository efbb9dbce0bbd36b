import {
  ACCESS_TOKEN_MAX_TTL_SECONDS,
  SessionsRevoked,
  type AccessTokenClaims,
  type EventEnvelope,
  type EventPayload,
} from '@mer/contracts';
import {
  assertValidEvent,
  type EventBus,
  type KeyValueStore,
  type Logger,
  type Subscription,
} from '@mer/service-runtime';

/**
 * The reasons of identity.sessions.revoked.v1 that take the member's access away at once, not only their sessions:
 * an admin suspended them, ended their sessions or everyone's, or the account was deleted. The others (a password
 * reset or change, a reused refresh token) end sessions only, and access tokens run out as before: a member who
 * changes their password keeps the tab they did it in.
 */
export const ACCESS_REVOKING_REASONS: ReadonlySet<string> = new Set([
  'admin_suspended',
  'admin_revoked',
  'admin_revoke_all',
  'account_deleted',
]);

/** The member name under which "every member" (the admin tool "end all sessions") is kept. */
const EVERYONE = '*';
/** The store's sorted set of member → revoked-before time (ms). */
const STORE_KEY = 'gateway:access-revoked-before';
const RETAIN_MS = ACCESS_TOKEN_MAX_TTL_SECONDS * 1000;

export interface AccessRevocationOptions {
  /** How often a replica reads the shared map (Redis) for revocations whose broadcast it missed. */
  resyncMs: number;
}

export const DEFAULT_ACCESS_REVOCATIONS: AccessRevocationOptions = { resyncMs: 2_000 };

/**
 * "Access tokens of member U issued before T are refused", learned from identity.sessions.revoked.v1.
 *
 * The check on every request is one Map lookup in this process; nothing on the request path waits for Redis. Every
 * replica applies the bus broadcast the moment it arrives and writes it to the KeyValueStore (Redis in the cluster,
 * so a replica that starts later, or missed the broadcast, reads it from there at start and every `resyncMs`;
 * memory in the embedded topology's one process). An entry is kept for the longest an access token may live, after
 * which every token it refuses has expired anyway.
 *
 * Compared in milliseconds: identity's tokens carry `iat_ms`, so a token issued just after a revocation (a member
 * signing in again at once) is told from one issued just before it. A token without it counts from the end of its
 * `iat` second, so one issued in the second of the revocation is refused.
 */
/** When a token was issued, in ms: `iat_ms`, else the last moment of its `iat` second. */
export function issuedAtMs(claims: Pick<AccessTokenClaims, 'iat' | 'iat_ms'>): number {
  return claims.iat_ms ?? claims.iat * 1000 + 999;
}

export class AccessRevocations {
  /** Member id (or EVERYONE) → tokens issued at or before this time (ms) are refused. */
  private readonly revokedUpTo = new Map<string, number>();
  private everyoneUpTo = -Infinity;
  private subscription: Subscription | undefined;
  private resync: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: KeyValueStore,
    private readonly log: Logger,
    /** Called when a revocation is learned (from any source): the member's (or everyone's) open sockets close. */
    private readonly onRevoked: (userId: string | null, upToMs: number) => void,
    private readonly options: AccessRevocationOptions = DEFAULT_ACCESS_REVOCATIONS,
  ) {}

  /** Whether this token was issued at or before a revocation of its member (or of everyone). O(1). */
  isRevoked(claims: Pick<AccessTokenClaims, 'sub' | 'iat' | 'iat_ms'>): boolean {
    const issuedAt = issuedAtMs(claims);
    if (issuedAt <= this.everyoneUpTo) return true;
    const upTo = this.revokedUpTo.get(claims.sub);
    return upTo !== undefined && issuedAt <= upTo;
  }

  async start(bus: EventBus): Promise<void> {
    this.subscription = await bus.subscribeBroadcast(SessionsRevoked.subject, (event) => this.receive(event));
    await this.loadShared();
    // Cheap either way (a handful of entries); with memory it only forgets expired ones.
    this.resync = setInterval(() => void this.loadShared(), this.options.resyncMs);
    this.resync.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.resync);
    await this.subscription?.stop();
  }

  private receive(event: EventEnvelope): void {
    try {
      assertValidEvent(SessionsRevoked, event);
    } catch (err) {
      this.log.warn({ err, eventId: event.id }, 'session revocation rejected by its contract');
      return;
    }
    const { userId, reason } = (event as EventEnvelope<EventPayload<typeof SessionsRevoked>>).payload;
    if (!ACCESS_REVOKING_REASONS.has(reason)) return;
    const atMs = Date.parse(event.occurredAt);
    if (!Number.isFinite(atMs) || atMs < Date.now() - RETAIN_MS) return;
    this.apply(userId ?? EVERYONE, atMs);
    // Every replica writes it (the same time, kept once): the shared map has it as long as one replica heard it.
    this.store
      .raiseTime(STORE_KEY, userId ?? EVERYONE, atMs, RETAIN_MS)
      .catch((err: unknown) =>
        this.log.warn({ err, userId }, 'access revocation not written to the shared store'),
      );
  }

  /** Reads the shared map: revocations heard by other replicas, or before this one started. */
  private async loadShared(): Promise<void> {
    try {
      const now = Date.now();
      for (const [member, atMs] of await this.store.timesSince(STORE_KEY, now - RETAIN_MS))
        this.apply(member, atMs);
      this.forgetExpired(now);
    } catch (err) {
      this.log.warn({ err }, 'access revocations could not be read from the shared store');
    }
  }

  private apply(member: string, atMs: number): void {
    if (member === EVERYONE) {
      if (atMs <= this.everyoneUpTo) return;
      this.everyoneUpTo = atMs;
    } else {
      if (atMs <= (this.revokedUpTo.get(member) ?? -Infinity)) return;
      this.revokedUpTo.set(member, atMs);
    }
    this.onRevoked(member === EVERYONE ? null : member, atMs);
  }

  /** Entries older than the longest token life refuse nothing any more. */
  private forgetExpired(now: number): void {
    const oldest = now - RETAIN_MS;
    for (const [member, atMs] of this.revokedUpTo) if (atMs < oldest) this.revokedUpTo.delete(member);
  }
}
