import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { NoContent, Timestamp, Uuid } from './common.ts';

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
    /**
     * Not in the spec's list: whether other members see the birth data and signs. Defaults to false,
     * since birth data is personal; location_sharing likewise hides the location when false.
     */
    share_birth_data: Type.Boolean(),
    /** 'Show me in people discovery' (issue 14): listed on /people and in recommendations. On by default. */
    show_in_discovery: Type.Boolean(),
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

/** A language as a profile shows it. */
export const LanguageRef = Type.Object({ id: Type.String(), name: Type.String() }, { $id: 'LanguageRef' });

/** A badge a profile shows (spec 000 section 3 "Badge types"). */
export const Badge = Type.Object(
  { type: Type.String(), label: Type.String(), priority: Type.Integer() },
  { $id: 'Badge' },
);
export type Badge = Static<typeof Badge>;

const SignName = Type.String({ maxLength: 40 });
// Null first in request unions: the runtime's Ajv coerces types, and a string branch first would turn null into "".
const NullableSign = Type.Union([Type.Null(), SignName]);

/** Human Design as the wizard's cosmic step calculates it. */
export const HumanDesignSummary = Type.Object(
  {
    type: Type.String({ maxLength: 60 }),
    strategy: Type.String({ maxLength: 120 }),
    authority: Type.String({ maxLength: 120 }),
    profile: Type.String({ maxLength: 20 }),
  },
  { $id: 'HumanDesignSummary' },
);

/** The cosmic fields of a profile (birth data and signs); public profiles show them only when shared. */
export const CosmicProfile = Type.Object(
  {
    birthDate: Type.Union([Type.String(), Type.Null()]),
    birthTime: Type.Union([Type.String(), Type.Null()]),
    birthLocation: Type.Union([Type.String(), Type.Null()]),
    sunSign: Type.Union([Type.String(), Type.Null()]),
    moonSign: Type.Union([Type.String(), Type.Null()]),
    risingSign: Type.Union([Type.String(), Type.Null()]),
    humanDesign: Type.Union([HumanDesignSummary, Type.Null()]),
  },
  { $id: 'CosmicProfile' },
);
export type CosmicProfile = Static<typeof CosmicProfile>;

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
    /** The city picked from the list (a GeoNames id), null until onboarding. */
    cityId: Type.Union([Type.String(), Type.Null()]),
    /** The languages of languagesSpoken (ids) with their names, in the member's order. */
    languages: Type.Array(LanguageRef),
    /** Highest priority first (spec 000 section 3 "Badge types"). */
    badges: Type.Array(Badge),
    cosmic: Type.Union([CosmicProfile, Type.Null()]),
  },
  { $id: 'MyProfile' },
);
export type MyProfile = Static<typeof MyProfile>;

/**
 * Public numbers for the landing page (spec 000 section 3 "Community stats"): never e-mails or
 * birth data. The landing page (frontends/access/src/api/community-stats.ts) reads it.
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

/** A city of the offline world list (GeoNames, population 1000 or more). */
export const City = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    /** The country's English name. */
    country: Type.String(),
    countryCode: Type.String(),
    /** The state, province or region (GeoNames admin1 name, e.g. "Maine"); null where unknown. */
    region: Type.Union([Type.String(), Type.Null()]),
    /** "Lisbon, Portugal", "Lisbon, Maine, United States" where namesakes share the country: what the dropdown and the profile show. */
    label: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    /** IANA time zone, e.g. Europe/Lisbon. */
    timeZone: Type.String(),
  },
  { $id: 'City' },
);
export type City = Static<typeof City>;

export const CityList = Type.Object({ cities: Type.Array(City) }, { $id: 'CityList' });
export type CityList = Static<typeof CityList>;

export const Language = Type.Object(
  { id: Type.String(), code: Type.String(), name: Type.String(), isPopular: Type.Boolean() },
  { $id: 'Language' },
);
export type Language = Static<typeof Language>;
export const LanguageList = Type.Object({ languages: Type.Array(Language) }, { $id: 'LanguageList' });

export const PracticeCategory = Type.String({
  description: 'practice, tradition, healing, divination, nature or user_suggested',
});
export const Practice = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    category: PracticeCategory,
    isPopular: Type.Boolean(),
    iconName: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Practice' },
);
export type Practice = Static<typeof Practice>;
export const PracticeList = Type.Object({ practices: Type.Array(Practice) }, { $id: 'PracticeList' });

export const SuggestionStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export const InterestSuggestion = Type.Object(
  { id: Uuid, suggestedName: Type.String(), status: SuggestionStatus, createdAt: Timestamp },
  { $id: 'InterestSuggestion' },
);
export type InterestSuggestion = Static<typeof InterestSuggestion>;

/** A suggestion as reviewers see it. */
export const ReviewedInterestSuggestion = Type.Object(
  {
    id: Uuid,
    userId: Type.Union([Uuid, Type.Null()]),
    suggestedName: Type.String(),
    status: SuggestionStatus,
    createdAt: Timestamp,
    reviewedBy: Type.Union([Uuid, Type.Null()]),
    reviewedAt: Type.Union([Timestamp, Type.Null()]),
    rejectionReason: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ReviewedInterestSuggestion' },
);
export type ReviewedInterestSuggestion = Static<typeof ReviewedInterestSuggestion>;

const InterestName = Type.String({ maxLength: 100 });
const IdParam = Type.Object({ id: Type.String({ maxLength: 64 }) });

const BirthData = Type.Object({
  birthDate: Type.String({ maxLength: 10 }),
  birthTime: Type.Union([Type.Null(), Type.String({ maxLength: 5 })]),
  birthLocation: Type.String({ maxLength: 200 }),
  cityId: Type.Union([Type.Null(), Type.String({ maxLength: 20 })]),
  latitude: Type.Union([Type.Null(), Type.Number({ minimum: -90, maximum: 90 })]),
  longitude: Type.Union([Type.Null(), Type.Number({ minimum: -180, maximum: 180 })]),
});

const OptionalText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength })]));

/** The wizard's saved progress (spec 000 section 3 "Onboarding draft"); every field optional, every size bounded. */
export const OnboardingDraftData = Type.Object(
  {
    name: OptionalText(100),
    username: OptionalText(30),
    bio: OptionalText(500),
    imageUrl: OptionalText(300),
    location: OptionalText(200),
    cityId: OptionalText(20),
    interests: Type.Optional(Type.Array(InterestName, { maxItems: 50 })),
    languagesSpoken: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 4 })),
    termsAccepted: Type.Optional(Type.Boolean()),
    cosmicOptIn: Type.Optional(Type.Union([Type.Null(), Type.Literal('yes'), Type.Literal('no')])),
    birthData: Type.Optional(Type.Union([Type.Null(), BirthData])),
    sunSign: OptionalText(40),
    moonSign: OptionalText(40),
    risingSign: OptionalText(40),
    humanDesignType: OptionalText(60),
    humanDesignStrategy: OptionalText(120),
    humanDesignAuthority: OptionalText(120),
    humanDesignProfile: OptionalText(20),
  },
  { $id: 'OnboardingDraftData', additionalProperties: false },
);
export type OnboardingDraftData = Static<typeof OnboardingDraftData>;

export const OnboardingDraft = Type.Object(
  {
    step: Type.Integer({ minimum: 0, maximum: 6 }),
    startedAt: Timestamp,
    updatedAt: Timestamp,
    data: OnboardingDraftData,
  },
  { $id: 'OnboardingDraft' },
);
export type OnboardingDraft = Static<typeof OnboardingDraft>;

export const SaveOnboardingDraft = Type.Object(
  { step: Type.Integer({ minimum: 0, maximum: 6 }), startedAt: Timestamp, data: OnboardingDraftData },
  { additionalProperties: false },
);
export type SaveOnboardingDraft = Static<typeof SaveOnboardingDraft>;

/** The cosmic step's answer when the member opted in; null when they chose "no". */
export const CompleteCosmic = Type.Object(
  {
    birthDate: Type.String({ maxLength: 10 }),
    birthTime: Type.Union([Type.Null(), Type.String({ maxLength: 5 })]),
    cityId: Type.String({ maxLength: 20 }),
    sunSign: SignName,
    moonSign: NullableSign,
    risingSign: NullableSign,
    humanDesign: Type.Union([Type.Null(), HumanDesignSummary]),
  },
  { additionalProperties: false },
);

/**
 * The wizard's Complete. Lengths are bounded here; emptiness and the other rules are checked by the
 * service so that the answer carries the spec's own texts ('Name is required', ...).
 */
export const CompleteOnboarding = Type.Object(
  {
    name: Type.String({ maxLength: 100 }),
    bio: Type.String({ maxLength: 500 }),
    cityId: Type.String({ maxLength: 20 }),
    languageIds: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 4 }),
    interests: Type.Array(InterestName, { maxItems: 50 }),
    imageUrl: Type.String({ maxLength: 300 }),
    termsAccepted: Type.Boolean(),
    cosmic: Type.Union([Type.Null(), CompleteCosmic]),
  },
  { additionalProperties: false },
);
export type CompleteOnboarding = Static<typeof CompleteOnboarding>;

/** Settings' profile edit: only the fields given change, with the wizard's rules. */
export const UpdateMyProfile = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    bio: Type.Optional(Type.String({ maxLength: 500 })),
    cityId: Type.Optional(Type.String({ maxLength: 20 })),
    languageIds: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 4 })),
    interests: Type.Optional(Type.Array(InterestName, { maxItems: 50 })),
    notificationPreferences: Type.Optional(
      Type.Partial(NotificationPreferences, { additionalProperties: false }),
    ),
    privacySettings: Type.Optional(Type.Partial(PrivacySettings, { additionalProperties: false })),
    /** Never needed (the member is the token's subject); another member's id is refused with 'Cannot update other users profiles'. */
    userId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type UpdateMyProfile = Static<typeof UpdateMyProfile>;

/** Another member's profile: never the e-mail; location and cosmic data only when shared. */
export const PublicProfile = Type.Object(
  {
    userId: Uuid,
    name: Type.String(),
    username: Type.String(),
    bio: Type.Union([Type.String(), Type.Null()]),
    imageUrl: Type.Union([Type.String(), Type.Null()]),
    location: Type.Union([Type.String(), Type.Null()]),
    cityId: Type.Union([Type.String(), Type.Null()]),
    languages: Type.Array(LanguageRef),
    interests: Type.Array(Type.String()),
    role: Type.Union([ProfileRole, Type.Null()]),
    isFacilitator: Type.Boolean(),
    badges: Type.Array(Badge),
    cosmic: Type.Union([CosmicProfile, Type.Null()]),
    createdAt: Timestamp,
  },
  { $id: 'PublicProfile' },
);
export type PublicProfile = Static<typeof PublicProfile>;

const ADMIN_REVIEWERS = ['system_admin', 'users_update'] as const;

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
  updateMyProfile: {
    method: 'PATCH',
    path: '/api/v1/profile-onboarding/profiles/me',
    summary: "Changes the signed-in member's profile with the wizard's rules; publishes profile.updated",
    access: { kind: 'user' },
    body: UpdateMyProfile,
    response: { 200: MyProfile },
  },
  publicProfile: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/profiles/:userId',
    summary: "Another member's public profile (no e-mail; birth data only when shared)",
    access: { kind: 'user' },
    params: Type.Object({ userId: Type.String({ maxLength: 64 }) }),
    response: { 200: PublicProfile },
  },
  cities: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/cities',
    summary:
      'Cities: the 20 biggest without q, else at most 10 whose name contains q (exact, prefix, then population)',
    access: { kind: 'user' },
    querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) }),
    response: { 200: CityList },
  },
  city: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/cities/:id',
    summary: 'One city by id',
    access: { kind: 'user' },
    params: IdParam,
    response: { 200: City },
  },
  languages: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/languages',
    summary: 'ISO 639-1 languages by name, popular ones flagged',
    access: { kind: 'user' },
    response: { 200: LanguageList },
  },
  practices: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/practices',
    summary: 'Active practices (interests) by name',
    access: { kind: 'user' },
    response: { 200: PracticeList },
  },
  suggestInterest: {
    method: 'POST',
    path: '/api/v1/profile-onboarding/interest-suggestions',
    summary:
      "Suggests a custom interest (201); an existing practice's name answers 200 { practice }, a repeat 200 { suggestion }. Needs a login ('Please log in to suggest interests')",
    access: { kind: 'user', loginMessage: 'Please log in to suggest interests' },
    body: Type.Object({ name: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
    response: {
      201: Type.Object({ suggestion: InterestSuggestion }),
      200: Type.Object({ suggestion: Type.Optional(InterestSuggestion), practice: Type.Optional(Practice) }),
    },
  },
  listInterestSuggestions: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/admin/interest-suggestions',
    summary: 'Interest suggestions for reviewers, newest first',
    access: { kind: 'permission', anyOf: ADMIN_REVIEWERS },
    querystring: Type.Object({ status: Type.Optional(SuggestionStatus) }),
    response: { 200: Type.Object({ suggestions: Type.Array(ReviewedInterestSuggestion) }) },
  },
  approveInterestSuggestion: {
    method: 'POST',
    path: '/api/v1/profile-onboarding/admin/interest-suggestions/:id/approve',
    summary: "Approves a pending suggestion: its name joins the practices (category 'user_suggested')",
    access: { kind: 'permission', anyOf: ADMIN_REVIEWERS },
    params: IdParam,
    response: { 200: Type.Object({ suggestion: ReviewedInterestSuggestion, practice: Practice }) },
  },
  rejectInterestSuggestion: {
    method: 'POST',
    path: '/api/v1/profile-onboarding/admin/interest-suggestions/:id/reject',
    summary: 'Rejects a pending suggestion with a reason',
    access: { kind: 'permission', anyOf: ADMIN_REVIEWERS },
    params: IdParam,
    body: Type.Object({ reason: Type.String({ maxLength: 500 }) }, { additionalProperties: false }),
    response: { 200: Type.Object({ suggestion: ReviewedInterestSuggestion }) },
  },
  getOnboardingDraft: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/onboarding/draft',
    summary: "The member's saved wizard progress (null when there is none yet)",
    access: { kind: 'user' },
    response: { 200: Type.Union([OnboardingDraft, Type.Null()]) },
  },
  saveOnboardingDraft: {
    method: 'PUT',
    path: '/api/v1/profile-onboarding/onboarding/draft',
    summary: "Saves the member's wizard progress (last write wins)",
    access: { kind: 'user' },
    body: SaveOnboardingDraft,
    response: { 200: OnboardingDraft },
  },
  deleteOnboardingDraft: {
    method: 'DELETE',
    path: '/api/v1/profile-onboarding/onboarding/draft',
    summary: "Forgets the member's wizard progress (Start Fresh)",
    access: { kind: 'user' },
    response: { 204: NoContent },
  },
  completeOnboarding: {
    method: 'POST',
    path: '/api/v1/profile-onboarding/onboarding/complete',
    summary:
      'Completes onboarding: saves the profile, links practices, deletes the draft, publishes profile.completed',
    access: { kind: 'user' },
    body: CompleteOnboarding,
    response: { 200: MyProfile },
  },
});
