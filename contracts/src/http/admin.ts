import { Type, type Static } from '@sinclair/typebox';
import { SECURITY_EVENT_NAMES, SECURITY_SEVERITIES } from '../events/security.ts';
import { Timestamp, Uuid } from './common.ts';
import { ADMIN_PANEL_PERMISSIONS } from './identity-rules.ts';
import { defineRoutes } from './route.ts';

/*
 * The admin service (issue 20): the security event log, the moderation queue, the dashboard and the audit trail.
 * Every route but the browser's security log is for admins, and each names the permissions that may call it
 * (spec 000 section 6): the server refuses anyone else with 'Permission Denied'.
 */

/** Who reads the security log and resolves its events. */
export const SECURITY_LOG_PERMISSIONS = ['system_admin', 'system_analytics', 'system_settings'] as const;
/** Who works the moderation queue. */
export const MODERATION_PERMISSIONS = ['system_admin', 'communities_update', 'communities_delete'] as const;
/** Who reads the audit trail of admin actions. */
export const AUDIT_PERMISSIONS = ['system_admin'] as const;
/** Who runs /session-manager's full diagnostics (as its other tools: billing sync, orphaned-message clean-up). */
export const DIAGNOSTICS_PERMISSIONS = ['system_admin', 'system_settings'] as const;

/** The most security events one list answer holds (spec 001 section 9). */
export const SECURITY_EVENT_LIST_LIMIT = 100;
/** The most events one browser batch carries. */
export const BROWSER_SECURITY_BATCH_MAX = 20;

/**
 * What a browser may report (spec 001 section 8): the page and devtools signals, blocked elements, and the end of a
 * session by inactivity (the shell's idle timer runs in the browser).
 */
export const BROWSER_SECURITY_EVENT_NAMES = [
  'page_hidden',
  'page_visible',
  'page_unload',
  'devtools_opened',
  'right_click_detected',
  'dev_shortcut_attempted',
  'suspicious_element_blocked',
  'session_expired',
  'session_timeout',
] as const;

/**
 * Every type the security log holds: the spec's names, and the server signals that have no spec name
 * (a refresh token presented twice, which identity answers by ending the session family).
 */
export const SECURITY_LOG_TYPES = [...SECURITY_EVENT_NAMES, 'refresh_token_reuse'] as const;
export type SecurityLogType = (typeof SECURITY_LOG_TYPES)[number];

const SecuritySeverity = Type.Union(SECURITY_SEVERITIES.map((s) => Type.Literal(s)));
const SecurityLogTypeSchema = Type.Union(SECURITY_LOG_TYPES.map((t) => Type.Literal(t)));

export const SecurityEvent = Type.Object(
  {
    id: Uuid,
    createdAt: Timestamp,
    type: SecurityLogTypeSchema,
    severity: SecuritySeverity,
    description: Type.String(),
    /** Where it came from: 'browser' or the service that saw it. */
    source: Type.String(),
    userId: Type.Union([Uuid, Type.Null()]),
    userAgent: Type.Union([Type.String(), Type.Null()]),
    /** Always null (spec 001 section 7: log_security_event records the IP as null). */
    ip: Type.Null(),
    details: Type.Record(Type.String(), Type.Unknown()),
    resolved: Type.Boolean(),
    resolvedAt: Type.Union([Timestamp, Type.Null()]),
    resolvedBy: Type.Union([Uuid, Type.Null()]),
  },
  { $id: 'SecurityEvent' },
);
export type SecurityEvent = Static<typeof SecurityEvent>;

/** Small, flat details a browser sends with an event (viewport sizes, the key pressed, the element's tag). */
const BrowserDetails = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean(), Type.Null()]),
  { maxProperties: 10 },
);

export const LogSecurityEventsRequest = Type.Object(
  {
    events: Type.Array(
      Type.Object(
        {
          type: Type.Union(BROWSER_SECURITY_EVENT_NAMES.map((n) => Type.Literal(n))),
          description: Type.Optional(Type.String({ maxLength: 300 })),
          details: Type.Optional(BrowserDetails),
          occurredAt: Timestamp,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: BROWSER_SECURITY_BATCH_MAX },
    ),
  },
  { additionalProperties: false },
);
export type LogSecurityEventsRequest = Static<typeof LogSecurityEventsRequest>;

export const SecurityEventQuery = Type.Object(
  {
    severity: Type.Optional(SecuritySeverity),
    type: Type.Optional(SecurityLogTypeSchema),
    userId: Type.Optional(Uuid),
    resolved: Type.Optional(Type.Boolean()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SECURITY_EVENT_LIST_LIMIT })),
    /** Events logged before this one (the next page). */
    before: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type SecurityEventQuery = Static<typeof SecurityEventQuery>;

export const SecurityEventList = Type.Object({ events: Type.Array(SecurityEvent) });
export type SecurityEventList = Static<typeof SecurityEventList>;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'delete', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
const ModerationActionSchema = Type.Union(MODERATION_ACTIONS.map((a) => Type.Literal(a)));

/** What can be reported, and which service owns it. */
export const MODERATION_TARGET_TYPES = [
  'post',
  'comment',
  'photo',
  'member',
  'circle',
  'event',
  'circle_post',
  'message',
  'discussion',
  'discussion_reply',
  'circle_discussion',
  'circle_discussion_reply',
] as const;
const TargetType = Type.Union(MODERATION_TARGET_TYPES.map((t) => Type.Literal(t)));

export const ModerationReport = Type.Object({
  reportId: Uuid,
  reporterId: Uuid,
  reason: Type.String(),
  details: Type.Union([Type.String(), Type.Null()]),
  reportedAt: Timestamp,
});

/**
 * Where a reported item lives when its id alone does not lead to its page: the circle (with its name) of a circle
 * post or circle discussion, the discussion a reply belongs to.
 */
export const ModerationPlace = Type.Object({
  circleId: Type.Optional(Uuid),
  circleName: Type.Optional(Type.String()),
  discussionId: Type.Optional(Uuid),
});
export type ModerationPlace = Static<typeof ModerationPlace>;

export const ModerationItem = Type.Object(
  {
    id: Uuid,
    /** The service that owns the reported content and carries out decisions on it. */
    service: Type.String(),
    targetType: TargetType,
    targetId: Uuid,
    /** The author or owner of the item (the reported member for a member report). */
    authorId: Uuid,
    /** What was reported, as its service sent it (a circle's name, an event's title, a post's opening); null when it sent none. */
    context: Type.Union([Type.String(), Type.Null()]),
    /** Where the item lives, as its service sent it, so the queue can name the circle and link to the page; null when none. */
    place: Type.Union([ModerationPlace, Type.Null()]),
    status: Type.Union([Type.Literal('open'), Type.Literal('decided')]),
    /** Hidden pending review (the owning service hid it at the report threshold, or an admin did). */
    hidden: Type.Boolean(),
    reportCount: Type.Integer({ minimum: 0 }),
    reports: Type.Array(ModerationReport),
    lastAction: Type.Union([ModerationActionSchema, Type.Null()]),
    decidedBy: Type.Union([Uuid, Type.Null()]),
    decidedAt: Type.Union([Timestamp, Type.Null()]),
    firstReportedAt: Timestamp,
  },
  { $id: 'ModerationItem' },
);
export type ModerationItem = Static<typeof ModerationItem>;

export const ModerationQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('decided')])),
    /** Only items about this member's content, or about the member (the admin's view of one member). */
    authorId: Type.Optional(Uuid),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  },
  { additionalProperties: false },
);
export const ModerationList = Type.Object({ items: Type.Array(ModerationItem), total: Type.Integer() });
export type ModerationList = Static<typeof ModerationList>;

export const MODERATION_NOTE_MAX_LENGTH = 500;
export const ModerationDecisionRequest = Type.Object(
  {
    action: ModerationActionSchema,
    /** Words for the member (a warning's reason); plain text. */
    note: Type.Optional(Type.String({ maxLength: MODERATION_NOTE_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type ModerationDecisionRequest = Static<typeof ModerationDecisionRequest>;

const WeekCount = Type.Object({ weekStart: Type.String({ format: 'date' }), count: Type.Integer() });
export const Dashboard = Type.Object(
  {
    members: Type.Object({
      total: Type.Integer(),
      activeThisWeek: Type.Integer(),
      newPerWeek: Type.Array(WeekCount),
    }),
    memberships: Type.Object({ activated: Type.Integer(), newPerWeek: Type.Array(WeekCount) }),
    postsPerWeek: Type.Array(WeekCount),
    messagesPerWeek: Type.Array(WeekCount),
    reportsPerWeek: Type.Array(WeekCount),
    openReports: Type.Integer(),
    unresolvedSecurityEvents: Type.Integer(),
    /** The last 8 weeks, oldest first, in UTC (weeks start on Monday). */
    weeks: Type.Integer(),
  },
  { $id: 'AdminDashboard' },
);
export type Dashboard = Static<typeof Dashboard>;

export const AuditEntry = Type.Object(
  {
    id: Uuid,
    at: Timestamp,
    actorId: Uuid,
    action: Type.String(),
    targetType: Type.String(),
    targetId: Type.String(),
    before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  },
  { $id: 'AuditEntry' },
);
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditQuery = Type.Object(
  {
    actorId: Type.Optional(Uuid),
    targetId: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  },
  { additionalProperties: false },
);
export const AuditList = Type.Object({ entries: Type.Array(AuditEntry), total: Type.Integer() });
export type AuditList = Static<typeof AuditList>;

/** One durable consumer of the bus and how far behind it is (JetStream's num_pending and num_ack_pending). */
export const BusConsumerLag = Type.Object(
  {
    /** The JetStream stream, or 'embedded'. */
    stream: Type.String(),
    /** `<consumer-service>-<handler>`. */
    consumer: Type.String(),
    /** The subject it reads. */
    subject: Type.String(),
    /** Stored events not yet delivered to it. */
    pending: Type.Integer({ minimum: 0 }),
    /** Delivered and not yet acknowledged; null where the bus cannot tell (see `note`). */
    ackPending: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  { $id: 'BusConsumerLag' },
);
export const BusDiagnostics = Type.Object(
  {
    bus: Type.Union([Type.Literal('nats'), Type.Literal('embedded')]),
    checkedAt: Timestamp,
    /** Every durable consumer, by stream then name. */
    consumers: Type.Array(BusConsumerLag),
    /** What this bus cannot report, in words for the admin; null when it reports everything. */
    note: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'BusDiagnostics' },
);
export type BusDiagnostics = Static<typeof BusDiagnostics>;

const IdParams = Type.Object({ id: Uuid });

/** Every REST route of admin. The gateway forwards /api/v1/admin/... here; OpenAPI is generated from it. */
export const adminRoutes = defineRoutes('admin', {
  logSecurityEvents: {
    method: 'POST',
    path: '/api/v1/admin/security-events/browser',
    summary:
      "A signed-in member's browser logs security events (log_security_event), batched; rate-limited per session",
    access: { kind: 'user' },
    body: LogSecurityEventsRequest,
    response: { 202: Type.Object({ accepted: Type.Integer() }) },
  },
  listSecurityEvents: {
    method: 'GET',
    path: '/api/v1/admin/security-events',
    summary: 'The security log, newest first (at most 100), filtered by severity, type, member or state',
    access: { kind: 'permission', anyOf: SECURITY_LOG_PERMISSIONS },
    querystring: SecurityEventQuery,
    response: { 200: SecurityEventList },
  },
  resolveSecurityEvent: {
    method: 'POST',
    path: '/api/v1/admin/security-events/:id/resolve',
    summary: 'Marks a security event resolved by the current admin',
    access: { kind: 'permission', anyOf: SECURITY_LOG_PERMISSIONS },
    params: IdParams,
    response: { 200: SecurityEvent },
  },
  moderationQueue: {
    method: 'GET',
    path: '/api/v1/admin/moderation',
    summary: 'Reported content and members with their reports, most reported first (open) or newest decided',
    access: { kind: 'permission', anyOf: MODERATION_PERMISSIONS },
    querystring: ModerationQuery,
    response: { 200: ModerationList },
  },
  decideModeration: {
    method: 'POST',
    path: '/api/v1/admin/moderation/:id/decisions',
    summary:
      'Dismiss, hide, restore, delete, warn or suspend: the owning service carries it out; reporters are told',
    access: { kind: 'permission', anyOf: MODERATION_PERMISSIONS },
    params: IdParams,
    body: ModerationDecisionRequest,
    response: { 200: ModerationItem },
  },
  dashboard: {
    method: 'GET',
    path: '/api/v1/admin/dashboard',
    summary: 'Figures of the community for the admin dashboard (from the events the admin service consumes)',
    access: { kind: 'permission', anyOf: ADMIN_PANEL_PERMISSIONS },
    response: { 200: Dashboard },
  },
  auditTrail: {
    method: 'GET',
    path: '/api/v1/admin/audit',
    summary: 'Every admin action: who, when, on what, before and after (newest first)',
    access: { kind: 'permission', anyOf: AUDIT_PERMISSIONS },
    querystring: AuditQuery,
    response: { 200: AuditList },
  },
  busDiagnostics: {
    method: 'GET',
    path: '/api/v1/admin/diagnostics/bus',
    summary: "Full diagnostics: each durable bus consumer's lag (pending and unacknowledged events)",
    access: { kind: 'permission', anyOf: DIAGNOSTICS_PERMISSIONS },
    response: { 200: BusDiagnostics },
  },
});
