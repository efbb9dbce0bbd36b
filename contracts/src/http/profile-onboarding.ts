import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Timestamp, Uuid } from './common.ts';

/**
 * A member's notification preferences (spec 001 section 3: every one defaults to true).
 * Read by the settings page; notifications-email keeps its own copy from profile events later.
 */
export const NotificationPreferences = Type.Object(
  {
    push_notifications: Type.Boolean(),
    email_notifications: Type.Boolean(),
    connection_requests: Type.Boolean(),
    messages: Type.Boolean(),
    mentions: Type.Boolean(),
    post_reactions: Type.Boolean(),
    post_comments: Type.Boolean(),
    circle_invitations: Type.Boolean(),
    circle_updates: Type.Boolean(),
    event_reminders: Type.Boolean(),
    event_updates: Type.Boolean(),
    system_notifications: Type.Boolean(),
  },
  { $id: 'NotificationPreferences' },
);
export type NotificationPreferences = Static<typeof NotificationPreferences>;

/** A member's privacy settings (spec 001 section 3: every one defaults to true). */
export const PrivacySettings = Type.Object(
  {
    location_sharing: Type.Boolean(),
    analytics: Type.Boolean(),
    receive_emails: Type.Boolean(),
  },
  { $id: 'PrivacySettings' },
);
export type PrivacySettings = Static<typeof PrivacySettings>;

/** Roles a profile can carry (spec 000 section 3); they unlock badges. */
export const ProfileRole = Type.Union([
  Type.Literal('coach'),
  Type.Literal('mentor'),
  Type.Literal('community_leader'),
]);
export type ProfileRole = Static<typeof ProfileRole>;

/**
 * The signed-in member's own profile. Field names match the front end's MemberProfile
 * (frontends/server-state/src/account.ts: userId, name, username, email, imageUrl, onboardingCompleted).
 */
export const MyProfile = Type.Object(
  {
    userId: Uuid,
    name: Type.String(),
    username: Type.String(),
    email: Type.String(),
    bio: Type.Union([Type.String(), Type.Null()]),
    imageUrl: Type.Union([Type.String(), Type.Null()]),
    location: Type.Union([Type.String(), Type.Null()]),
    languagesSpoken: Type.Array(Type.String()),
    interests: Type.Array(Type.String()),
    onboardingCompleted: Type.Boolean(),
    role: Type.Union([ProfileRole, Type.Null()]),
    isFacilitator: Type.Boolean(),
    notificationPreferences: NotificationPreferences,
    privacySettings: PrivacySettings,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { $id: 'MyProfile' },
);
export type MyProfile = Static<typeof MyProfile>;

/**
 * Public numbers for the landing page (spec 000 section 3 "Community stats"): never e-mails or
 * birth data. The shape is the one frontends/api-client/src/community.ts reads.
 */
export const CommunityStats = Type.Object(
  {
    totalMembers: Type.Integer({ minimum: 0 }),
    /** 0 until the communities of events-circles exist. */
    totalCommunities: Type.Integer({ minimum: 0 }),
    /** The 4 most recent members, newest first. */
    recentMembers: Type.Array(
      Type.Object({
        id: Uuid,
        /** 'Anonymous' when the member has no name. */
        name: Type.String(),
        avatarUrl: Type.Union([Type.String(), Type.Null()]),
      }),
      { maxItems: 4 },
    ),
  },
  { $id: 'CommunityStats' },
);
export type CommunityStats = Static<typeof CommunityStats>;

/** Every REST route of profile-onboarding. The gateway forwards /api/v1/profile-onboarding/... here; OpenAPI is generated from it. */
export const profileOnboardingRoutes = defineRoutes('profile-onboarding', {
  communityStats: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/community-stats',
    summary: 'Member count and the 4 newest members for the landing page (cached 60 s)',
    access: { kind: 'public' },
    response: { 200: CommunityStats },
  },
  myProfile: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/profiles/me',
    summary: "The signed-in member's profile (404 Item Not Found while none exists yet)",
    access: { kind: 'user' },
    response: { 200: MyProfile },
  },
});
