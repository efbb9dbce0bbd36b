import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_PRIVACY_SETTINGS,
  withPreferenceDefaults,
  type CosmicProfile,
  type MyProfile,
  type ProfileRole,
  type PublicProfile,
} from '@mer/contracts';
import { notFound } from '@mer/service-runtime';
import { findMemberRoles, membershipsOf } from '../db/badges.repository.ts';
import { findProfile } from '../db/profiles.repository.ts';
import type { MemberMembershipRow, MemberRolesRow, ProfileRow } from '../db/tables.ts';
import type { ProfileOnboardingDeps } from '../deps.ts';
import { computeBadges } from '../domain/badges.ts';
import { sharesBirthData, textList } from '../domain/profile.ts';

/** What badges are computed from besides the profile row: the copies of billing's and identity's facts. */
export interface BadgeSources {
  memberships: MemberMembershipRow[];
  roles: MemberRolesRow | undefined;
}

type ReadDeps = Pick<ProfileOnboardingDeps, 'db' | 'reference'>;

export async function badgeSourcesOf(
  { db }: Pick<ProfileOnboardingDeps, 'db'>,
  userId: string,
): Promise<BadgeSources> {
  const [memberships, roles] = await Promise.all([membershipsOf(db, userId), findMemberRoles(db, userId)]);
  return { memberships, roles };
}

/**
 * The caller's own profile. None yet (identity's event not handled so far) is 404 Item Not Found,
 * which the front end's access guard reads as "no profile". Badges come from this service's copies
 * of identity's and billing's facts, never from the caller's token.
 */
export async function getMyProfile(deps: ReadDeps, userId: string): Promise<MyProfile> {
  const row = await findProfile(deps.db, userId);
  if (!row) throw notFound();
  return profileView(deps, row);
}

export async function profileView(deps: ReadDeps, row: ProfileRow): Promise<MyProfile> {
  const [names, sources] = await Promise.all([
    deps.reference.languageNames(),
    badgeSourcesOf(deps, row.user_id),
  ]);
  return toMyProfile(row, names, sources);
}

function cosmicOf(row: ProfileRow): CosmicProfile | null {
  if (!row.birth_date && !row.sun_sign) return null;
  return {
    birthDate: row.birth_date,
    birthTime: row.birth_time,
    birthLocation: row.birth_location,
    sunSign: row.sun_sign,
    moonSign: row.moon_sign,
    risingSign: row.rising_sign,
    humanDesign:
      row.human_design_type &&
      row.human_design_strategy &&
      row.human_design_authority &&
      row.human_design_profile
        ? {
            type: row.human_design_type,
            strategy: row.human_design_strategy,
            authority: row.human_design_authority,
            profile: row.human_design_profile,
          }
        : null,
  };
}

export function badgesOf(row: ProfileRow, sources: BadgeSources, now: Date) {
  return computeBadges(
    {
      createdAt: row.created_at,
      isFacilitator: row.is_facilitator,
      role: row.role as ProfileRole | null,
      isAdmin: sources.roles?.is_admin === true,
      memberships: sources.memberships.map((m) => ({
        innerCircle: m.inner_circle,
        status: m.status,
        expiresAt: m.expires_at,
      })),
    },
    now,
  );
}

function languagesOf(row: ProfileRow, names: Map<string, string>) {
  return textList(row.languages_spoken).map((id) => ({ id, name: names.get(id) ?? id }));
}

export function toMyProfile(
  row: ProfileRow,
  languageNames: Map<string, string> = new Map(),
  sources: BadgeSources = { memberships: [], roles: undefined },
  now: Date = new Date(),
): MyProfile {
  return {
    userId: row.user_id,
    name: row.name,
    username: row.username,
    email: row.email,
    bio: row.bio,
    imageUrl: row.image_url,
    location: row.location,
    languagesSpoken: textList(row.languages_spoken),
    interests: textList(row.interests),
    onboardingCompleted: row.onboarding_completed,
    role: row.role as ProfileRole | null,
    isFacilitator: row.is_facilitator,
    notificationPreferences: withPreferenceDefaults(
      DEFAULT_NOTIFICATION_PREFERENCES,
      row.notification_preferences,
    ),
    privacySettings: withPreferenceDefaults(DEFAULT_PRIVACY_SETTINGS, row.privacy_settings),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    cityId: row.city_id,
    languages: languagesOf(row, languageNames),
    badges: badgesOf(row, sources, now),
    cosmic: cosmicOf(row),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another member's profile: never the e-mail; location and cosmic data only as their privacy settings allow. */
export async function getPublicProfile(deps: ReadDeps, userId: string): Promise<PublicProfile> {
  if (!UUID.test(userId)) throw notFound();
  const row = await findProfile(deps.db, userId);
  if (!row) throw notFound();
  const [names, sources] = await Promise.all([deps.reference.languageNames(), badgeSourcesOf(deps, userId)]);
  const privacy = withPreferenceDefaults(DEFAULT_PRIVACY_SETTINGS, row.privacy_settings);
  return {
    userId: row.user_id,
    name: row.name,
    username: row.username,
    bio: row.bio,
    imageUrl: row.image_url,
    location: privacy.location_sharing ? row.location : null,
    cityId: privacy.location_sharing ? row.city_id : null,
    languages: languagesOf(row, names),
    interests: textList(row.interests),
    role: row.role as ProfileRole | null,
    isFacilitator: row.is_facilitator,
    badges: badgesOf(row, sources, new Date()),
    cosmic: sharesBirthData(row.privacy_settings) ? cosmicOf(row) : null,
    createdAt: row.created_at.toISOString(),
  };
}
