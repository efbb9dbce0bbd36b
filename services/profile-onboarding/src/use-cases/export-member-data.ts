import type { Kysely } from 'kysely';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_PRIVACY_SETTINGS,
  MEMBER_DATA_EXPORT_VERSION,
  withPreferenceDefaults,
  type ProfileOnboardingDataExport,
  type ProfileRole,
} from '@mer/contracts';
import {
  badgeFactsForExport,
  chartForExport,
  draftForExport,
  interestSuggestionsForExport,
  photosForExport,
  practicesForExport,
  profileForExport,
} from '../db/member-export.repository.ts';
import type { ProfileOnboardingTables } from '../db/tables.ts';
import { computeBadges } from '../domain/badges.ts';
import { photoUrl } from './photos.ts';

type Data = ProfileOnboardingDataExport['data'];

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const isoDate = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/**
 * profile-onboarding's part of "Download my data": profile and preferences, practices, photos with their
 * addresses, the onboarding draft, birth data and chart, badges with the facts behind them, and the member's
 * interest suggestions. A member without a profile (never registered here, or deleted) gets empty parts.
 */
export async function exportMemberData(
  deps: { db: Kysely<ProfileOnboardingTables> },
  userId: string,
  now: Date = new Date(),
): Promise<ProfileOnboardingDataExport> {
  const { db } = deps;
  const [profile, practices, photos, draft, chart, badgeFacts, suggestions] = await Promise.all([
    profileForExport(db, userId),
    practicesForExport(db, userId),
    photosForExport(db, userId),
    draftForExport(db, userId),
    chartForExport(db, userId),
    badgeFactsForExport(db, userId),
    interestSuggestionsForExport(db, userId),
  ]);
  const data: Data = {
    profile: profile
      ? {
          userId: profile.user_id,
          name: profile.name,
          username: profile.username,
          email: profile.email,
          bio: profile.bio,
          imageUrl: profile.image_url,
          location: profile.location,
          cityId: profile.city_id,
          interests: profile.interests,
          languagesSpoken: profile.languages_spoken,
          onboardingCompleted: profile.onboarding_completed,
          role: profile.role,
          isFacilitator: profile.is_facilitator,
          contactInfo: profile.contact_info,
          birthDate: profile.birth_date === null ? null : isoDate(profile.birth_date),
          birthTime: profile.birth_time,
          birthLocation: profile.birth_location,
          birthLatitude: profile.birth_latitude,
          birthLongitude: profile.birth_longitude,
          sunSign: profile.sun_sign,
          moonSign: profile.moon_sign,
          risingSign: profile.rising_sign,
          humanDesignType: profile.human_design_type,
          humanDesignStrategy: profile.human_design_strategy,
          humanDesignAuthority: profile.human_design_authority,
          humanDesignProfile: profile.human_design_profile,
          createdAt: iso(profile.created_at),
          updatedAt: iso(profile.updated_at),
        }
      : null,
    // As they apply (defaults for what the member never set), the way Settings shows them.
    preferences: profile
      ? {
          notifications: withPreferenceDefaults(
            DEFAULT_NOTIFICATION_PREFERENCES,
            profile.notification_preferences,
          ),
          privacy: withPreferenceDefaults(DEFAULT_PRIVACY_SETTINGS, profile.privacy_settings),
        }
      : null,
    practices: practices.map((p) => ({
      practiceId: p.practice_id,
      name: p.name,
      category: p.category,
      source: p.source,
      isActive: p.is_active,
      proficiencyLevel: p.proficiency_level,
      practiceFrequency: p.practice_frequency,
      frequencyCount: p.frequency_count,
      experienceStage: p.experience_stage,
      intensityLevel: p.intensity_level,
      practiceGoals: p.practice_goals,
      createdAt: iso(p.created_at),
    })),
    photos: photos.map((p) => ({
      id: p.id,
      url: photoUrl(p.storage_key),
      width: p.width,
      height: p.height,
      faceCount: p.face_count,
      current: profile?.image_url === photoUrl(p.storage_key),
      createdAt: iso(p.created_at),
      replacedAt: isoOrNull(p.replaced_at),
    })),
    onboardingDraft: draft
      ? {
          step: draft.step,
          startedAt: iso(draft.started_at),
          updatedAt: iso(draft.updated_at),
          data: draft.data,
        }
      : null,
    chart: chart.astrology
      ? {
          birthDate: isoDate(chart.astrology.birth_date),
          birthTime: chart.astrology.birth_time,
          birthLocation: chart.astrology.birth_location,
          latitude: chart.astrology.birth_latitude,
          longitude: chart.astrology.birth_longitude,
          timeZone: chart.astrology.time_zone,
          sunSign: chart.astrology.sun_sign,
          moonSign: chart.astrology.moon_sign,
          risingSign: chart.astrology.rising_sign,
          cuspNote: chart.astrology.cusp_note,
          timeNote: chart.astrology.time_note ?? null,
          humanDesign: chart.humanDesign
            ? {
                type: chart.humanDesign.type,
                strategy: chart.humanDesign.strategy,
                authority: chart.humanDesign.authority,
                profile: chart.humanDesign.profile,
                definition: chart.humanDesign.definition,
                incarnationCross: chart.humanDesign.incarnation_cross,
                activeGates: chart.humanDesign.active_gates,
                chart: chart.humanDesign.chart,
                updatedAt: iso(chart.humanDesign.updated_at),
              }
            : null,
          createdAt: iso(chart.astrology.created_at),
          updatedAt: iso(chart.astrology.updated_at),
        }
      : null,
    badges: profile
      ? computeBadges(
          {
            createdAt: new Date(profile.created_at),
            isFacilitator: profile.is_facilitator,
            role: profile.role as ProfileRole | null,
            isAdmin: badgeFacts.roles?.is_admin ?? false,
            memberships: badgeFacts.memberships.map((m) => ({
              innerCircle: m.inner_circle,
              status: m.status,
              expiresAt: m.expires_at,
            })),
          },
          now,
        )
      : [],
    badgeFacts: {
      memberships: badgeFacts.memberships.map((m) => ({
        membershipId: m.membership_id,
        planName: m.plan_name,
        innerCircle: m.inner_circle,
        status: m.status,
        expiresAt: isoOrNull(m.expires_at),
        cancelAtPeriodEnd: m.cancel_at_period_end,
        occurredAt: iso(m.occurred_at),
      })),
      roles: badgeFacts.roles
        ? {
            roles: badgeFacts.roles.roles,
            isAdmin: badgeFacts.roles.is_admin,
            occurredAt: iso(badgeFacts.roles.occurred_at),
          }
        : null,
    },
    interestSuggestions: suggestions.map((s) => ({
      id: s.id,
      suggestedName: s.suggested_name,
      status: s.status,
      reviewedAt: isoOrNull(s.reviewed_at),
      rejectionReason: s.rejection_reason,
      createdAt: iso(s.created_at),
    })),
  };
  return {
    service: 'profile-onboarding',
    exportedAt: now.toISOString(),
    version: MEMBER_DATA_EXPORT_VERSION,
    data,
  };
}
