import { randomUUID } from 'node:crypto';
import {
  AdminSecurityEventLogged,
  SECURITY_EVENT_LIST_LIMIT,
  type AccessTokenClaims,
  type LogSecurityEventsRequest,
  type SecurityEvent,
  type SecurityEventList,
  type SecurityEventQuery,
  type SecurityLogType,
  type SecurityThreatDetectedPayload,
} from '@mer/contracts';
import { notFound, tooManyRequests } from '@mer/service-runtime';
import { sanitise, securityEvent } from '@mer/text-sanitiser';
import type { Insertable } from 'kysely';
import {
  findSecurityEventForUpdate,
  insertSecurityEvents,
  listSecurityEvents as selectSecurityEvents,
  markResolved,
} from '../db/security-events.repository.ts';
import type { SecurityEventRow, SecurityEventsTable } from '../db/tables.ts';
import type { AdminDeps, AdminTx } from '../deps.ts';
import { BROWSER_BATCH_WINDOW_MS, DEFAULT_DESCRIPTION, SEVERITY_OF } from '../domain/security-rules.ts';
import { audit } from './audit.ts';

const USER_AGENT_MAX_LENGTH = 400;

/**
 * A member's browser logs a batch of security events (the spec's log_security_event). The member is the token's
 * subject (never a field of the body), the user agent is the request's, the IP is not kept (spec 001 section 7:
 * null) and the severity is the server's table, not the browser's word. A session may send
 * SECURITY_BATCHES_PER_MINUTE batches a minute (the limit is per session, so one member's tabs share it and a
 * member cannot flood the log from many devices without many sessions).
 */
export async function logBrowserEvents(
  deps: AdminDeps,
  claims: Pick<AccessTokenClaims, 'sub' | 'sid'>,
  body: LogSecurityEventsRequest,
  userAgentHeader: string | undefined,
): Promise<{ accepted: number }> {
  const window = await deps.store.increment(`admin:security-batches:${claims.sid}`, BROWSER_BATCH_WINDOW_MS);
  if (window.count > deps.config.SECURITY_BATCHES_PER_MINUTE)
    throw tooManyRequests(Math.max(1, Math.ceil(window.ttlMs / 1000)));

  const userAgent = oneLine(userAgentHeader, USER_AGENT_MAX_LENGTH);
  const threats: SecurityThreatDetectedPayload[] = [];
  const rows: Insertable<SecurityEventsTable>[] = body.events.map((event, index) => {
    // Browser text is member text: it goes through the sanitiser, and what it hides is logged too.
    const cleaned = sanitise(event.description ?? '', { maxLength: 300 });
    if (cleaned.threats.length)
      threats.push(
        securityEvent(cleaned, {
          service: 'admin',
          userId: claims.sub,
          field: `security-events[${index}].description`,
        }),
      );
    return {
      id: randomUUID(),
      type: event.type,
      severity: SEVERITY_OF[event.type],
      description: (cleaned.ok && cleaned.value) || DEFAULT_DESCRIPTION[event.type],
      source: 'browser',
      user_id: claims.sub,
      user_agent: userAgent,
      details: JSON.stringify({ ...cleanDetails(event.details ?? {}), occurredAt: event.occurredAt }),
    };
  });
  await deps.transaction(async (tx) => {
    // A deleted member's token lives minutes longer than the account: their events are not kept.
    await tx.members.lock(claims.sub);
    if (await tx.members.isErased(claims.sub)) return;
    await logEvents(tx, rows);
    for (const threat of threats) await recordThreat(tx, randomUUID(), threat);
  });
  return { accepted: rows.length };
}

/** A service's security event (`<service>.security.threat-detected.v1`), kept under the envelope's id. */
export async function recordThreat(
  tx: AdminTx,
  id: string,
  payload: SecurityThreatDetectedPayload,
): Promise<void> {
  const userId = payload.userId && !(await tx.members.isErased(payload.userId)) ? payload.userId : null;
  await logEvents(tx, [
    {
      id,
      type: payload.name,
      severity: payload.severity,
      description: payload.description || DEFAULT_DESCRIPTION[payload.name],
      source: payload.service,
      user_id: userId,
      user_agent: null,
      details: JSON.stringify({
        field: payload.field,
        labels: payload.labels,
        sample: payload.sample,
        inputLength: payload.inputLength,
        inputSha256: payload.inputSha256,
      }),
    },
  ]);
}

/** A server signal without a sanitiser payload (a reused refresh token). */
export async function recordServerSignal(
  tx: AdminTx,
  id: string,
  signal: { type: SecurityLogType; source: string; userId: string | null; details: Record<string, unknown> },
): Promise<void> {
  await logEvents(tx, [
    {
      id,
      type: signal.type,
      severity: SEVERITY_OF[signal.type],
      description: DEFAULT_DESCRIPTION[signal.type],
      source: signal.source,
      user_id: signal.userId,
      user_agent: null,
      details: JSON.stringify(signal.details),
    },
  ]);
}

/** Writes entries and announces each to admins' open screens (through the outbox, so only what was kept). */
async function logEvents(tx: AdminTx, rows: readonly Insertable<SecurityEventsTable>[]): Promise<void> {
  const inserted = await insertSecurityEvents(tx.trx, rows);
  for (const row of inserted) {
    await tx.publish(AdminSecurityEventLogged, {
      securityEventId: row.id,
      type: row.type,
      severity: row.severity,
      description: row.description,
      source: row.source,
      userId: row.user_id,
      createdAt: row.created_at.toISOString(),
    });
  }
}

export async function listSecurityEvents(
  deps: AdminDeps,
  query: SecurityEventQuery,
): Promise<SecurityEventList> {
  const rows = await selectSecurityEvents(deps.db, {
    severity: query.severity,
    type: query.type,
    userId: query.userId,
    resolved: query.resolved,
    before: query.before,
    limit: query.limit ?? SECURITY_EVENT_LIST_LIMIT,
  });
  return { events: rows.map(toSecurityEvent) };
}

/** The current admin marks an event resolved; resolving it again changes nothing (and is not audited twice). */
export async function resolveSecurityEvent(
  deps: AdminDeps,
  adminId: string,
  id: string,
): Promise<SecurityEvent> {
  const row = await deps.transaction(async (tx) => {
    const current = await findSecurityEventForUpdate(tx.trx, id);
    if (!current) throw notFound();
    if (current.resolved) return current;
    const resolved = await markResolved(tx.trx, id, adminId);
    await audit(tx, {
      actorId: adminId,
      action: 'security_event.resolve',
      targetType: 'security_event',
      targetId: id,
      before: { resolved: false },
      after: { resolved: true, resolvedAt: resolved.resolved_at?.toISOString() ?? null },
    });
    return resolved;
  });
  return toSecurityEvent(row);
}

export function toSecurityEvent(row: SecurityEventRow): SecurityEvent {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    type: row.type as SecurityLogType,
    severity: row.severity,
    description: row.description,
    source: row.source,
    userId: row.user_id,
    userAgent: row.user_agent,
    ip: null,
    details: row.details,
    resolved: row.resolved,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    resolvedBy: row.resolved_by,
  };
}

function oneLine(text: string | undefined, max: number): string | null {
  if (!text) return null;
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, max);
}

/** The browser's details as plain text values (the admin screen shows them as text; they are kept as text too). */
function cleanDetails(details: Record<string, string | number | boolean | null>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    const name = oneLine(key, 40) ?? '';
    if (typeof value !== 'string') out[name] = value;
    else {
      const cleaned = sanitise(value, { maxLength: 200 });
      out[name] = cleaned.ok ? cleaned.value : '';
    }
  }
  return out;
}
