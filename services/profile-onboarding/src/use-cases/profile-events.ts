import { DEFAULT_PRIVACY_SETTINGS, withPreferenceDefaults, type ProfileCompleted } from '@mer/contracts';
import type { EventPayload } from '@mer/contracts';
import { findChart } from '../db/charts.repository.ts';
import type { ProfileRow } from '../db/tables.ts';
import type { ProfileOnboardingDeps, ProfileOnboardingTx } from '../deps.ts';
import { badgeSourcesOf, badgesOf } from './my-profile.ts';

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
