import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Timestamp, Uuid } from './common.ts';
import { Badge } from './profile-onboarding.ts';
import { MEMBER_DATA_EXPORT_VERSION, memberDataExportParts } from './member-data-export-parts.ts';
import type { RouteDefinition } from './route.ts';

/*
 * Each service's part of "Download my data": `{ service, exportedAt, version, data }`. The response schemas
 * list every field a part may hold, so a column added to a table never reaches the file unless it is added
 * here (the response schema is also the serialiser's allow-list). Tokens, hashes and secrets are never fields.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Free-form JSON the member gave (draft answers, preference maps, a chart's drawing data). */
const Json = Type.Unknown();

function exportEnvelope<const S extends string, T extends TSchema>(service: S, data: T, id: string) {
  return Type.Object(
    {
      service: Type.Literal(service),
      exportedAt: Timestamp,
      version: Type.Literal(MEMBER_DATA_EXPORT_VERSION),
      data,
    },
    { $id: id },
  );
}

export const IdentityDataExport = exportEnvelope(
  'identity',
  Type.Object({
    account: Type.Object({
      id: Uuid,
      name: Type.String(),
      username: Type.String(),
      email: Type.String(),
      emailConfirmedAt: Nullable(Timestamp),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
    /** The invitation code used at sign-up and the discount it carried (null when it no longer exists). */
    invitation: Nullable(Type.Object({ code: Type.String(), discountPercent: Nullable(Type.Integer()) })),
    roles: Type.Array(Type.String()),
    isAdmin: Type.Boolean(),
    /** Sign-in sessions (refresh-token families): no token, no hash. */
    sessions: Type.Array(
      Type.Object({
        id: Uuid,
        rememberMe: Type.Boolean(),
        createdAt: Timestamp,
        expiresAt: Timestamp,
        revokedAt: Nullable(Timestamp),
        revokedReason: Nullable(Type.String()),
      }),
    ),
    waitingList: Type.Array(
      Type.Object({
        email: Type.String(),
        name: Type.String(),
        status: Type.String(),
        source: Type.String(),
        createdAt: Timestamp,
      }),
    ),
  }),
  'IdentityDataExport',
);
export type IdentityDataExport = Static<typeof IdentityDataExport>;

export const ProfileOnboardingDataExport = exportEnvelope(
  'profile-onboarding',
  Type.Object({
    profile: Nullable(
      Type.Object({
        userId: Uuid,
        name: Type.String(),
        username: Type.String(),
        email: Type.String(),
        bio: Nullable(Type.String()),
        imageUrl: Nullable(Type.String()),
        location: Nullable(Type.String()),
        cityId: Nullable(Type.String()),
        interests: Json,
        languagesSpoken: Json,
        onboardingCompleted: Type.Boolean(),
        role: Nullable(Type.String()),
        isFacilitator: Type.Boolean(),
        contactInfo: Json,
        birthDate: Nullable(Type.String()),
        birthTime: Nullable(Type.String()),
        birthLocation: Nullable(Type.String()),
        birthLatitude: Nullable(Type.Number()),
        birthLongitude: Nullable(Type.Number()),
        sunSign: Nullable(Type.String()),
        moonSign: Nullable(Type.String()),
        risingSign: Nullable(Type.String()),
        humanDesignType: Nullable(Type.String()),
        humanDesignStrategy: Nullable(Type.String()),
        humanDesignAuthority: Nullable(Type.String()),
        humanDesignProfile: Nullable(Type.String()),
        createdAt: Timestamp,
        updatedAt: Timestamp,
      }),
    ),
    preferences: Nullable(Type.Object({ notifications: Json, privacy: Json })),
    practices: Type.Array(
      Type.Object({
        practiceId: Type.String(),
        name: Type.String(),
        category: Type.String(),
        source: Type.String(),
        isActive: Type.Boolean(),
        proficiencyLevel: Type.String(),
        practiceFrequency: Type.String(),
        frequencyCount: Type.Number(),
        experienceStage: Type.String(),
        intensityLevel: Type.String(),
        practiceGoals: Json,
        createdAt: Timestamp,
      }),
    ),
    photos: Type.Array(
      Type.Object({
        id: Uuid,
        url: Type.String(),
        width: Type.Integer(),
        height: Type.Integer(),
        faceCount: Type.Integer(),
        current: Type.Boolean(),
        createdAt: Timestamp,
        replacedAt: Nullable(Timestamp),
      }),
    ),
    onboardingDraft: Nullable(
      Type.Object({ step: Type.Integer(), startedAt: Timestamp, updatedAt: Timestamp, data: Json }),
    ),
    chart: Nullable(
      Type.Object({
        birthDate: Type.String(),
        birthTime: Nullable(Type.String()),
        birthLocation: Nullable(Type.String()),
        latitude: Nullable(Type.Number()),
        longitude: Nullable(Type.Number()),
        timeZone: Nullable(Type.String()),
        sunSign: Type.String(),
        moonSign: Nullable(Type.String()),
        risingSign: Nullable(Type.String()),
        cuspNote: Nullable(Type.String()),
        timeNote: Json,
        humanDesign: Nullable(
          Type.Object({
            type: Type.String(),
            strategy: Type.String(),
            authority: Type.String(),
            profile: Type.String(),
            definition: Type.String(),
            incarnationCross: Type.String(),
            activeGates: Json,
            chart: Json,
            updatedAt: Timestamp,
          }),
        ),
        createdAt: Timestamp,
        updatedAt: Timestamp,
      }),
    ),
    badges: Type.Array(Badge),
    /** The facts badges are computed from: copies of billing's memberships and identity's roles. */
    badgeFacts: Type.Object({
      memberships: Type.Array(
        Type.Object({
          membershipId: Type.String(),
          planName: Type.String(),
          innerCircle: Type.Boolean(),
          status: Type.String(),
          expiresAt: Nullable(Timestamp),
          cancelAtPeriodEnd: Type.Boolean(),
          occurredAt: Timestamp,
        }),
      ),
      roles: Nullable(Type.Object({ roles: Json, isAdmin: Type.Boolean(), occurredAt: Timestamp })),
    }),
    interestSuggestions: Type.Array(
      Type.Object({
        id: Uuid,
        suggestedName: Type.String(),
        status: Type.String(),
        reviewedAt: Nullable(Timestamp),
        rejectionReason: Nullable(Type.String()),
        createdAt: Timestamp,
      }),
    ),
  }),
  'ProfileOnboardingDataExport',
);
export type ProfileOnboardingDataExport = Static<typeof ProfileOnboardingDataExport>;

export const BillingDataExport = exportEnvelope(
  'billing',
  Type.Object({
    member: Nullable(Type.Object({ name: Type.String(), email: Type.String(), registeredAt: Timestamp })),
    memberships: Type.Array(
      Type.Object({
        id: Uuid,
        planId: Uuid,
        planName: Nullable(Type.String()),
        status: Type.String(),
        startedAt: Timestamp,
        expiresAt: Nullable(Timestamp),
        cancelAtPeriodEnd: Type.Boolean(),
        provider: Type.String(),
        /** The payment provider's ids for the member and the subscription (references, not secrets). */
        providerCustomerId: Nullable(Type.String()),
        providerSubscriptionId: Type.String(),
        lastPaymentFailedAt: Nullable(Timestamp),
        /** When the membership was cancelled (cancel at period end asked, or ended), if it was. */
        cancelledAt: Nullable(Timestamp),
        updatedAt: Timestamp,
      }),
    ),
    /** The payments billing recorded (each paid invoice: amount in cents of its currency, when paid). */
    payments: Type.Array(
      Type.Object({
        invoiceId: Type.String(),
        kind: Type.String(),
        amountCents: Type.Integer(),
        currency: Type.String(),
        paidAt: Timestamp,
      }),
    ),
    checkouts: Type.Array(
      Type.Object({
        id: Uuid,
        planId: Uuid,
        planName: Nullable(Type.String()),
        listPriceCents: Type.Integer(),
        discountPercent: Nullable(Type.Integer()),
        amountCents: Type.Integer(),
        provider: Type.String(),
        status: Type.String(),
        createdAt: Timestamp,
        completedAt: Nullable(Timestamp),
      }),
    ),
    discounts: Type.Array(
      Type.Object({ percent: Type.Integer(), source: Type.String(), createdAt: Timestamp }),
    ),
  }),
  'BillingDataExport',
);
export type BillingDataExport = Static<typeof BillingDataExport>;

export const NotificationsEmailDataExport = exportEnvelope(
  'notifications-email',
  Type.Object({
    emails: Type.Array(
      Type.Object({
        id: Uuid,
        kind: Type.String(),
        to: Type.String(),
        subject: Type.String(),
        status: Type.String(),
        transport: Type.String(),
        attempts: Type.Integer(),
        createdAt: Timestamp,
        sentAt: Nullable(Timestamp),
      }),
    ),
  }),
  'NotificationsEmailDataExport',
);
export type NotificationsEmailDataExport = Static<typeof NotificationsEmailDataExport>;

export const CommunityFeedDataExport = exportEnvelope(
  'community-feed',
  Type.Object({
    posts: Type.Array(
      Type.Object({
        id: Uuid,
        topic: Type.String(),
        visibility: Type.String(),
        content: Type.String(),
        pinned: Type.Boolean(),
        hidden: Type.Boolean(),
        createdAt: Timestamp,
        editedAt: Nullable(Timestamp),
      }),
    ),
    comments: Type.Array(
      Type.Object({
        id: Uuid,
        postId: Uuid,
        parentId: Nullable(Uuid),
        content: Type.String(),
        createdAt: Timestamp,
        editedAt: Nullable(Timestamp),
      }),
    ),
    reactions: Type.Array(Type.Object({ postId: Uuid, type: Type.String(), createdAt: Timestamp })),
    photos: Type.Array(
      Type.Object({
        id: Uuid,
        imageUrl: Type.String(),
        postId: Nullable(Uuid),
        albumId: Nullable(Uuid),
        caption: Nullable(Type.String()),
        createdAt: Timestamp,
      }),
    ),
    albums: Type.Array(
      Type.Object({
        id: Uuid,
        title: Type.String(),
        description: Nullable(Type.String()),
        createdAt: Timestamp,
      }),
    ),
    taggedOn: Type.Array(Type.Object({ photoId: Uuid, taggedBy: Uuid, createdAt: Timestamp })),
    discussions: Type.Array(
      Type.Object({
        id: Uuid,
        title: Type.String(),
        body: Type.String(),
        topic: Type.String(),
        createdAt: Timestamp,
      }),
    ),
    discussionReplies: Type.Array(
      Type.Object({ id: Uuid, discussionId: Uuid, body: Type.String(), createdAt: Timestamp }),
    ),
    reports: Type.Array(
      Type.Object({ targetType: Type.String(), targetId: Uuid, reason: Type.String(), createdAt: Timestamp }),
    ),
  }),
  'CommunityFeedDataExport',
);
export type CommunityFeedDataExport = Static<typeof CommunityFeedDataExport>;

export const SocialGraphDataExport = exportEnvelope(
  'social-graph',
  Type.Object({
    connectionRequests: Type.Array(
      Type.Object({
        id: Uuid,
        senderId: Uuid,
        receiverId: Uuid,
        status: Type.String(),
        deleted: Type.Boolean(),
        emailSent: Type.Boolean(),
        createdAt: Timestamp,
        acceptedAt: Nullable(Timestamp),
      }),
    ),
    blocked: Type.Array(Type.Object({ userId: Uuid, at: Timestamp })),
    muted: Type.Array(Type.Object({ userId: Uuid, at: Timestamp })),
    reportsFiled: Type.Array(
      Type.Object({
        id: Uuid,
        reportedId: Uuid,
        reason: Type.String(),
        details: Nullable(Type.String()),
        at: Timestamp,
      }),
    ),
    dismissedSuggestions: Type.Array(Type.Object({ userId: Uuid, at: Timestamp })),
  }),
  'SocialGraphDataExport',
);
export type SocialGraphDataExport = Static<typeof SocialGraphDataExport>;

export const MessagingDataExport = exportEnvelope(
  'messaging',
  Type.Object({
    settings: Type.Object({ readReceipts: Type.Boolean(), onlyConnectionsCanMessage: Type.Boolean() }),
    conversations: Type.Array(
      Type.Object({
        id: Uuid,
        otherMemberId: Nullable(Uuid),
        joinedAt: Timestamp,
        lastReadSequence: Type.Integer(),
      }),
    ),
    messagesSent: Type.Array(
      Type.Object({
        id: Uuid,
        conversationId: Uuid,
        sequence: Type.Integer(),
        body: Nullable(Type.String()),
        createdAt: Timestamp,
        editedAt: Nullable(Timestamp),
        deletedAt: Nullable(Timestamp),
      }),
    ),
    reactions: Type.Array(Type.Object({ messageId: Uuid, reaction: Type.String(), at: Timestamp })),
  }),
  'MessagingDataExport',
);
export type MessagingDataExport = Static<typeof MessagingDataExport>;

const Dated = { createdAt: Timestamp };
export const EventsCirclesDataExport = exportEnvelope(
  'events-circles',
  Type.Object({
    circles: Type.Array(
      Type.Object({
        circleId: Uuid,
        name: Type.String(),
        /** member, requested or invited */
        status: Type.String(),
        role: Type.String(),
        since: Timestamp,
      }),
    ),
    circlesCreated: Type.Array(
      Type.Object({
        id: Uuid,
        name: Type.String(),
        description: Type.String(),
        approvalStatus: Type.String(),
        ...Dated,
      }),
    ),
    updates: Type.Array(
      Type.Object({
        id: Uuid,
        circleId: Uuid,
        updateType: Type.String(),
        title: Type.String(),
        body: Type.String(),
        ...Dated,
      }),
    ),
    forumTopics: Type.Array(Type.Object({ id: Uuid, circleId: Uuid, title: Type.String(), ...Dated })),
    discussions: Type.Array(
      Type.Object({ id: Uuid, circleId: Uuid, title: Type.String(), body: Type.String(), ...Dated }),
    ),
    replies: Type.Array(Type.Object({ id: Uuid, discussionId: Uuid, body: Type.String(), ...Dated })),
    posts: Type.Array(Type.Object({ id: Uuid, circleId: Uuid, content: Type.String(), ...Dated })),
    reactions: Type.Array(Type.Object({ postId: Uuid, type: Type.String(), ...Dated })),
    eventsHosted: Type.Array(
      Type.Object({
        id: Uuid,
        title: Type.String(),
        description: Type.String(),
        startsAt: Timestamp,
        timeZone: Type.String(),
        address: Nullable(Type.String()),
        onlineUrl: Nullable(Type.String()),
        ...Dated,
      }),
    ),
    meetupsHosted: Type.Array(
      Type.Object({
        id: Uuid,
        circleId: Uuid,
        title: Type.String(),
        rrule: Nullable(Type.String()),
        ...Dated,
      }),
    ),
    rsvps: Type.Array(
      Type.Object({
        targetKind: Type.String(),
        targetId: Uuid,
        status: Type.String(),
        reminderMinutes: Type.Integer(),
        respondedAt: Timestamp,
      }),
    ),
    reminders: Type.Array(Type.Object({ targetId: Uuid, dueAt: Timestamp, sentAt: Nullable(Timestamp) })),
    calendarFeed: Type.Object({ exists: Type.Boolean(), createdAt: Nullable(Timestamp) }),
    dismissals: Type.Array(Type.Object({ kind: Type.String(), id: Uuid, ...Dated })),
  }),
  'EventsCirclesDataExport',
);
export type EventsCirclesDataExport = Static<typeof EventsCirclesDataExport>;

export const SearchDataExport = exportEnvelope(
  'search',
  Type.Object({
    history: Type.Array(
      Type.Object({
        query: Type.String(),
        searchedAt: Timestamp,
        resultCount: Type.Integer(),
        filters: Type.Unknown(),
      }),
    ),
    savedSearches: Type.Array(
      Type.Object({
        name: Type.String(),
        query: Type.String(),
        filters: Type.Unknown(),
        notificationsEnabled: Type.Boolean(),
        createdAt: Timestamp,
      }),
    ),
  }),
  'SearchDataExport',
);
export type SearchDataExport = Static<typeof SearchDataExport>;

const [
  identityPart,
  profilePart,
  billingPart,
  emailPart,
  communityFeedPart,
  socialGraphPart,
  messagingPart,
  eventsCirclesPart,
  searchPart,
] = memberDataExportParts;

const exportRoute = <T extends TSchema>(path: string, service: string, schema: T) =>
  ({
    method: 'GET',
    path,
    summary: `The member's data held by ${service}, for "Download my data" (the member is the token's subject)`,
    access: { kind: 'user' },
    response: { 200: schema },
  }) as const;

export const identityDataExportRoutes = defineRoutes('identity', {
  exportMyData: exportRoute(identityPart.path, 'identity', IdentityDataExport),
});
export const profileOnboardingDataExportRoutes = defineRoutes('profile-onboarding', {
  exportMyData: exportRoute(profilePart.path, 'profile-onboarding', ProfileOnboardingDataExport),
});
export const billingDataExportRoutes = defineRoutes('billing', {
  exportMyData: exportRoute(billingPart.path, 'billing', BillingDataExport),
});
export const notificationsEmailDataExportRoutes = defineRoutes('notifications-email', {
  exportMyData: exportRoute(emailPart.path, 'notifications-email', NotificationsEmailDataExport),
});
export const socialGraphDataExportRoutes = defineRoutes('social-graph', {
  exportMyData: exportRoute(socialGraphPart.path, 'social-graph', SocialGraphDataExport),
});

export const communityFeedDataExportRoutes = defineRoutes('community-feed', {
  exportMyData: exportRoute(communityFeedPart.path, 'community-feed', CommunityFeedDataExport),
});

export const messagingDataExportRoutes = defineRoutes('messaging', {
  exportMyData: exportRoute(messagingPart.path, 'messaging', MessagingDataExport),
});

export const eventsCirclesDataExportRoutes = defineRoutes('events-circles', {
  exportMyData: exportRoute(eventsCirclesPart.path, 'events-circles', EventsCirclesDataExport),
});

export const searchDataExportRoutes = defineRoutes('search', {
  exportMyData: exportRoute(searchPart.path, 'search', SearchDataExport),
});

/** Every part's route, in the order of memberDataExportParts (a test checks they agree). */
export const memberDataExportRoutes: readonly RouteDefinition[] = [
  identityDataExportRoutes.exportMyData,
  profileOnboardingDataExportRoutes.exportMyData,
  billingDataExportRoutes.exportMyData,
  notificationsEmailDataExportRoutes.exportMyData,
  communityFeedDataExportRoutes.exportMyData,
  socialGraphDataExportRoutes.exportMyData,
  messagingDataExportRoutes.exportMyData,
  eventsCirclesDataExportRoutes.exportMyData,
  searchDataExportRoutes.exportMyData,
];
