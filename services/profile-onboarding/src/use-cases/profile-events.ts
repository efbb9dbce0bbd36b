import {
  DEFAULT_PRIVACY_SETTINGS,
  ProfileUpdated,
  withPreferenceDefaults,
  type EventPayload,
  type ProfileCompleted,
} from '@mer/contracts';
import { findChart } from '../db/charts.repository.ts';
import { findProfile } from '../db/profiles.repository.ts';
import type { ProfileRow } from '../db/tables.ts';
import type { ProfileOnboardingDeps, ProfileOnboardingTx } from '../deps.ts';
import { textList } from '../domain/profile.ts';
import { badgeSourcesOf, badgesOf } from './my-profile.ts';

/** The profile's public fields, as every profile event carries them. */
export function publicFields(row: ProfileRow) {
  return {
    userId: row.user_id,
    name: row.name,
    username: row.username,
    imageUrl: row.image_url,
    cityId: row.city_id,
    location: row.location,
    languages: textList(row.languages_spoken),
    interests: textList(row.interests),
  };
}

/**
 * profile.updated.v1 after a change made outside the profile edit (a chart stored or forgotten in settings),
 * inside the same transaction, so that social-graph's copy follows. Only for members who finished onboarding.
 */
export async function publishProfileChange(
  deps: Pick<ProfileOnboardingDeps, 'reference'>,
  tx: ProfileOnboardingTx,
  userId: string,
): Promise<void> {
  const row = await findProfile(tx.trx, userId);
  if (!row?.onboarding_completed) return;
  await tx.publish(ProfileUpdated, {
    ...publicFields(row),
    discovery: await discoveryFields(deps, tx, row),
    updatedAt: new Date().toISOString(),
  });
}

type Discovery = NonNullable<EventPayload<typeof ProfileCompleted>['discovery']>;

/**
 * The profile events' `discovery` part (social-graph's people discovery, compatibility and recommendations):
 * the city's coordinates, the privacy switches that decide what others see, the badges, and the chart summary
 * only when the member shares their birth data. Read inside the publishing transaction.
 */
export async function discoveryFields(
  deps: Pick<ProfileOnboardingDeps, 'reference'>,
  tx: ProfileOnboardingTx,
  row: ProfileRow,
): Promise<Discovery> {
  const privacy = withPreferenceDefaults(DEFAULT_PRIVACY_SETTINGS, row.privacy_settings);
  const city = row.city_id ? deps.reference.cities.byId(row.city_id) : undefined;
  const sources = await badgeSourcesOf({ db: tx.trx }, row.user_id);
  const chart = privacy.share_birth_data ? await findChart(tx.trx, row.user_id) : undefined;
  return {
    latitude: city?.latitude ?? null,
    longitude: city?.longitude ?? null,
    locationSharing: privacy.location_sharing,
    showInDiscovery: privacy.show_in_discovery,
    badges: badgesOf(row, sources, new Date()).map((b) => ({
      type: b.type,
      label: b.label,
      priority: b.priority,
    })),
    cosmic:
      privacy.share_birth_data && row.sun_sign
        ? {
            sunSign: row.sun_sign,
            moonSign: row.moon_sign,
            risingSign: row.rising_sign,
            humanDesignType: row.human_design_type,
            humanDesignGates: gatesOf(chart?.active_gates),
          }
        : null,
  };
}

/** The stored active gates (jsonb), or null without a Human Design chart. */
function gatesOf(stored: unknown): number[] | null {
  if (!Array.isArray(stored)) return null;
  return stored.filter((g): g is number => Number.isInteger(g) && g >= 1 && g <= 64);
}
