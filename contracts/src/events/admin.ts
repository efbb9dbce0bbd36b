import { Type } from '@sinclair/typebox';
import { SECURITY_SEVERITIES } from './security.ts';
import { defineEvent } from './envelope.ts';

/*
 * Events the admin service publishes. The security log's new entries reach admins' open screens through the
 * gateway's /ws; moderation decisions are carried out by the service that owns the content (community-feed
 * hides, restores or deletes; identity will suspend) and told to the reporters and the author by notifications.
 */

const Uuid = Type.String({ format: 'uuid' });
const At = Type.String({ format: 'date-time' });

/**
 * Where a reported item lives when its id alone does not lead to its page (sent with a report by its owner, kept
 * by the moderation queue): the circle of a circle post or circle discussion with its name, the discussion of a reply.
 */
export const ReportedItemPlace = Type.Object({
  circleId: Type.Optional(Uuid),
  circleName: Type.Optional(Type.String()),
  discussionId: Type.Optional(Uuid),
});

export const AdminSecurityEventLogged = defineEvent(
  'admin.security.event-logged.v1',
  'A security event was written to the security log (from a browser or a service): admins see it live.',
  Type.Object({
    securityEventId: Uuid,
    type: Type.String(),
    severity: Type.Union(SECURITY_SEVERITIES.map((s) => Type.Literal(s))),
    description: Type.String(),
    source: Type.String(),
    userId: Type.Union([Uuid, Type.Null()]),
    createdAt: At,
  }),
);

export const AdminModerationDecided = defineEvent(
  'admin.moderation.decided.v1',
  'An admin decided on reported content or a reported member. The owning service (`service`) carries out hide, ' +
    "restore and delete on its own data; suspend ends the member's access (identity); reporters and the author " +
    'are told in plain words (reporterMessage, authorMessage).',
  Type.Object({
    decisionId: Uuid,
    itemId: Uuid,
    service: Type.String(),
    targetType: Type.Union([
      Type.Literal('post'),
      Type.Literal('comment'),
      Type.Literal('photo'),
      Type.Literal('member'),
      Type.Literal('circle'),
      Type.Literal('event'),
      Type.Literal('circle_post'),
      Type.Literal('message'),
      Type.Literal('discussion'),
      Type.Literal('discussion_reply'),
      Type.Literal('circle_discussion'),
      Type.Literal('circle_discussion_reply'),
    ]),
    targetId: Uuid,
    authorId: Uuid,
    action: Type.Union([
      Type.Literal('dismiss'),
      Type.Literal('hide'),
      Type.Literal('restore'),
      Type.Literal('delete'),
      Type.Literal('warn'),
      Type.Literal('suspend'),
    ]),
    note: Type.Union([Type.String(), Type.Null()]),
    decidedBy: Uuid,
    decidedAt: At,
    reporterIds: Type.Array(Uuid),
    /** What each reporter is told, e.g. "Thank you for your report. We reviewed the post and removed it." */
    reporterMessage: Type.String(),
    /** What the author is told; null when they are not told (dismissed reports). */
    authorMessage: Type.Union([Type.String(), Type.Null()]),
  }),
);

export const adminEvents = [AdminSecurityEventLogged, AdminModerationDecided];
