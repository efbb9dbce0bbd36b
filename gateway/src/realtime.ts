import type { WebSocket } from 'ws';
import type { AccessTokenClaims, EventEnvelope, RealtimeMessage, RealtimeRoute } from '@mer/contracts';
import type { EventBus, Logger, Subscription, TokenVerifier } from '@mer/service-runtime';
import { issuedAtMs } from './access-revocations.ts';

type Audience = ReturnType<RealtimeRoute['audience']>;

/** Close codes a client acts on: 4401 means "get a fresh access token, then reconnect". */
export const WS_CLOSE = {
  unauthenticated: 4401,
  goingAway: 1001,
  /** Policy violation: this member has too many sockets open; the oldest is closed. */
  tooMany: 1008,
} as const;

export interface RealtimeOptions {
  /** Time a new socket has to send its `auth` message. */
  authTimeoutMs: number;
  /** Interval of protocol pings; a socket that missed the previous pong is dropped. */
  heartbeatMs: number;
  /** A client that lets this much pile up unsent is cut off rather than buffered without end. */
  maxBufferedBytes: number;
  /** Open sockets one member may hold (tabs, devices). */
  maxSocketsPerMember: number;
}

export const DEFAULT_REALTIME: RealtimeOptions = {
  authTimeoutMs: 5_000,
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  maxSocketsPerMember: 32,
};

interface Client {
  socket: WebSocket;
  userId: string;
  /** The permissions of the member's latest token (a permission audience reaches only its holders). */
  perms: readonly string[];
  /** When the member's latest token was issued (ms): a revocation after it closes the socket. */
  issuedAt: number;
  alive: boolean;
  expiryTimer: NodeJS.Timeout | undefined;
}

const SEEN_EVENTS = 2048;

/**
 * The gateway's /ws. A client proves who it is with its access token in its first message
 * (`{type:'auth', token}`), never in the URL where it would end up in logs. Every gateway replica
 * subscribes to the bus broadcast of the realtime subjects, so whichever replica holds a member's
 * socket delivers that member's events.
 */
export class RealtimeHub {
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly clients = new Set<Client>();
  private readonly pending = new Set<WebSocket>();
  private readonly subscriptions: Subscription[] = [];
  private readonly seen = new Set<string>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly log: Logger,
    private readonly options: RealtimeOptions,
    /** Whether a verified token was revoked since it was issued (the member was suspended, deleted, ...). */
    private readonly isRevoked: (claims: AccessTokenClaims) => boolean = () => false,
  ) {}

  /** Verifies a token and refuses a revoked one, as the REST routes do. */
  private async admit(token: string): Promise<AccessTokenClaims> {
    const claims = await this.verifier.verify(token);
    if (this.isRevoked(claims)) throw new Error('access revoked');
    return claims;
  }

  async start(bus: EventBus, routes: readonly RealtimeRoute[]): Promise<void> {
    for (const route of routes) {
      this.subscriptions.push(
        await bus.subscribeBroadcast(route.event.subject, (event) => this.deliver(route, event)),
      );
    }
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  get connectedClients(): number {
    return this.clients.size;
  }

  /** A new socket: wait for its auth message. */
  accept(socket: WebSocket): void {
    this.pending.add(socket);
    const timer = setTimeout(
      () => close(socket, WS_CLOSE.unauthenticated, 'authentication required'),
      this.options.authTimeoutMs,
    );
    let client: Client | undefined;
    let verifying = false;

    socket.on('message', (data, isBinary) => {
      const message = isBinary ? undefined : parse(data.toString());
      if (!client) {
        if (verifying) return;
        if (message?.type !== 'auth' || typeof message.token !== 'string') {
          close(socket, WS_CLOSE.unauthenticated, 'authentication required');
          return;
        }
        verifying = true;
        this.admit(message.token).then(
          (claims) => {
            clearTimeout(timer);
            this.pending.delete(socket);
            if (socket.readyState !== socket.OPEN) return;
            client = {
              socket,
              userId: claims.sub,
              perms: claims.perms,
              issuedAt: issuedAtMs(claims),
              alive: true,
              expiryTimer: undefined,
            };
            this.register(client, claims.exp);
            send(socket, { type: 'ready', at: new Date().toISOString(), data: {} });
          },
          () => close(socket, WS_CLOSE.unauthenticated, 'authentication failed'),
        );
        return;
      }
      if (message?.type === 'ping') {
        send(socket, { type: 'pong', at: new Date().toISOString(), data: {} });
      } else if (message?.type === 'auth' && typeof message.token === 'string') {
        // A fresh access token keeps the socket open past the old token's expiry.
        const current = client;
        this.admit(message.token).then(
          (claims) => {
            if (claims.sub !== current.userId)
              return close(socket, WS_CLOSE.unauthenticated, 'different account');
            // A granted or revoked permission takes effect on the socket with the token that carries it.
            current.perms = claims.perms;
            current.issuedAt = issuedAtMs(claims);
            this.scheduleExpiry(current, claims.exp);
          },
          () => close(socket, WS_CLOSE.unauthenticated, 'authentication failed'),
        );
      }
    });
    socket.on('pong', () => {
      if (client) client.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      this.pending.delete(socket);
      if (client) this.unregister(client);
    });
    socket.on('error', (err) => this.log.debug({ err }, 'websocket error'));
  }

  private register(client: Client, exp: number): void {
    this.clients.add(client);
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
    // Tabs and devices of one member; past the cap the oldest socket goes.
    if (set.size > this.options.maxSocketsPerMember) {
      const oldest = set.values().next().value as Client;
      close(oldest.socket, WS_CLOSE.tooMany, 'too many connections');
      this.unregister(oldest);
    }
    this.scheduleExpiry(client, exp);
  }

  private unregister(client: Client): void {
    clearTimeout(client.expiryTimer);
    this.clients.delete(client);
    const set = this.byUser.get(client.userId);
    if (set) {
      set.delete(client);
      if (set.size === 0) this.byUser.delete(client.userId);
    }
  }

  private scheduleExpiry(client: Client, exp: number): void {
    clearTimeout(client.expiryTimer);
    const ms = Math.max(0, exp * 1000 - Date.now());
    // setTimeout overflows past ~24.8 days; access tokens live minutes.
    client.expiryTimer = setTimeout(
      () => close(client.socket, WS_CLOSE.unauthenticated, 'token expired'),
      Math.min(ms, 2 ** 31 - 1),
    );
    client.expiryTimer.unref();
  }

  /**
   * Closes (4401) the sockets of a member, or of everyone (null), whose token was issued at or before a revocation:
   * the client's refresh then fails and the shell signs out. A `session.revoked` message sent just before (its
   * realtime route) goes out first: a close frame follows the data already queued on the socket.
   */
  closeRevoked(userId: string | null, upToMs: number): void {
    const clients = userId === null ? [...this.clients] : [...(this.byUser.get(userId) ?? [])];
    for (const client of clients)
      if (client.issuedAt <= upToMs) close(client.socket, WS_CLOSE.unauthenticated, 'access revoked');
  }

  /** Pushes one bus event to the sockets of its audience. */
  deliver(route: RealtimeRoute, event: EventEnvelope): void {
    if (event.id) {
      // The bus may hand the same event over twice (an outbox relay retry); members see it once.
      if (this.seen.has(event.id)) return;
      this.seen.add(event.id);
      if (this.seen.size > SEEN_EVENTS) this.seen.delete(this.seen.values().next().value as string);
    }
    let audience: Audience;
    let data: Record<string, unknown>;
    try {
      audience = route.audience(event);
      data = route.message(event);
    } catch (err) {
      this.log.warn({ err, subject: event.subject, eventId: event.id }, 'realtime event could not be mapped');
      return;
    }
    const message: RealtimeMessage = { type: route.type, eventId: event.id, at: event.occurredAt, data };
    const text = JSON.stringify(message);
    const targets = this.audienceClients(audience);
    if (targets.length === 0) return;
    const endsSession = route.type === 'session.revoked';
    for (const client of targets) {
      const socket = client.socket;
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > this.options.maxBufferedBytes) {
        socket.terminate();
        continue;
      }
      if (endsSession) {
        // Send, then close once the message is flushed: the client learns why before it reconnects.
        socket.send(text, () => close(socket, WS_CLOSE.unauthenticated, 'session revoked'));
      } else {
        socket.send(text);
      }
    }
  }

  /**
   * The open clients of an audience: everyone, one member, several members (each member once), or the members
   * holding any of some permissions (admins), as their verified token says.
   */
  private audienceClients(audience: Audience): Client[] {
    if (audience === 'everyone') return [...this.clients];
    if (typeof audience === 'object' && 'anyPermission' in audience) {
      const wanted = audience.anyPermission;
      return [...this.clients].filter((client) => client.perms.some((p) => wanted.includes(p)));
    }
    const members = typeof audience === 'string' ? [audience] : new Set(audience);
    const clients: Client[] = [];
    for (const member of members) clients.push(...(this.byUser.get(member) ?? []));
    return clients;
  }

  private beat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      try {
        client.socket.ping();
      } catch {
        client.socket.terminate();
      }
    }
  }

  /** Stops listening to the bus and tells clients to reconnect (to another replica). */
  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await Promise.all(this.subscriptions.splice(0).map((s) => s.stop()));
    for (const socket of this.pending) close(socket, WS_CLOSE.goingAway, 'server shutting down');
    for (const client of this.clients) close(client.socket, WS_CLOSE.goingAway, 'server shutting down');
  }
}

function parse(text: string): { type?: unknown; token?: unknown } | undefined {
  if (text.length > 16_384) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as { type?: unknown; token?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

function send(socket: WebSocket, message: RealtimeMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function close(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
    socket.close(code, reason);
}
