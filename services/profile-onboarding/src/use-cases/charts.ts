import type {
  ChartBirthInput,
  ChartCalculation,
  ChartCompatibility,
  MemberChart,
  SharedMemberChart,
} from '@mer/contracts';
import {
  calculateChart,
  ChartInputError,
  compatibility,
  type ChartResult,
  type ZodiacSign,
} from '@mer/chart-engine';
import { invalidData, notFound } from '@mer/service-runtime';
import {
  deleteChart,
  findChart,
  profileExists,
  saveChart,
  type ChartRecord,
} from '../db/charts.repository.ts';
import { findProfile, setProfileCosmic, type ProfileCosmic } from '../db/profiles.repository.ts';
import type { ProfileOnboardingDeps, ProfileOnboardingTx } from '../deps.ts';
import { sharesBirthData } from '../domain/profile.ts';
import { publishProfileChange } from './profile-events.ts';

type Reference = Pick<ProfileOnboardingDeps, 'reference'>;
type Db = Pick<ProfileOnboardingDeps, 'db'>;

const INPUT_FIELDS: Record<ChartInputError['code'], string> = {
  INVALID_DATE: 'body.birthDate',
  DATE_BEFORE_1900: 'body.birthDate',
  FUTURE_DATE: 'body.birthDate',
  INVALID_TIME: 'body.birthTime',
  INVALID_COORDINATES: 'body.latitude',
  UNKNOWN_TIME_ZONE: 'body.latitude',
};

interface Located {
  latitude: number;
  longitude: number;
  label: string | null;
}

/** Birth places come from the same offline cities as the member's city, or from coordinates. */
function locate({ reference }: Reference, input: ChartBirthInput): Located {
  if (input.latitude != null && input.longitude != null) {
    return { latitude: input.latitude, longitude: input.longitude, label: input.birthLocation ?? null };
  }
  const city = input.cityId ? reference.cities.byId(input.cityId) : undefined;
  if (!city) {
    // Spec 000 section 8, Astrology: 'Location Error' (coordinates not found).
    throw invalidData(
      'Location Error',
      "We couldn't find coordinates for this birth place. Please choose it from the list.",
      'body.cityId',
    );
  }
  return { latitude: city.latitude, longitude: city.longitude, label: input.birthLocation ?? city.label };
}

function run(input: ChartBirthInput, place: Located): ChartResult {
  try {
    return calculateChart({ birthDate: input.birthDate, birthTime: input.birthTime, ...place });
  } catch (err) {
    if (err instanceof ChartInputError)
      throw invalidData('Invalid Data', err.message, INPUT_FIELDS[err.code]);
    throw err;
  }
}

function toCalculation(result: ChartResult): ChartCalculation {
  const hd = result.humanDesign;
  return {
    sunSign: result.astrology.sunSign,
    moonSign: result.astrology.moonSign,
    risingSign: result.astrology.risingSign,
    cuspNote: result.astrology.cuspNote,
    timeNote: result.timeNote,
    boundaryNotes: result.boundaryNotes,
    humanDesign: hd
      ? {
          type: hd.type,
          strategy: hd.strategy,
          authority: hd.authorityLabel,
          profile: hd.profile,
          definition: hd.definition,
          incarnationCross: hd.incarnationCross,
          interpretation: hd.interpretation,
          bodygraph: hd.bodygraph,
        }
      : null,
  };
}

/** Calculates without storing (the Cosmic Info step's Calculate). */
export async function calculateSigns(deps: Reference, input: ChartBirthInput): Promise<ChartCalculation> {
  const place = locate(deps, input);
  return toCalculation(run(input, place));
}

/** What is stored of a calculated chart: the birth data, the signs and the Human Design chart. */
function chartRecord(
  userId: string,
  input: ChartBirthInput,
  place: Located,
  result: ChartResult,
  now: Date,
): ChartRecord {
  const calculation = toCalculation(result);
  const hd = result.humanDesign;
  return {
    userId,
    sunSign: calculation.sunSign,
    moonSign: calculation.moonSign,
    risingSign: calculation.risingSign,
    cuspNote: calculation.cuspNote,
    birthDate: input.birthDate,
    birthTime: input.birthTime,
    birthLocation: place.label,
    latitude: place.latitude,
    longitude: place.longitude,
    timeZone: result.timeZone,
    birthInstant: result.birthInstant,
    timeNote: result.timeNote,
    humanDesign:
      hd && calculation.humanDesign
        ? {
            type: hd.type,
            strategy: hd.strategy,
            authority: hd.authorityLabel,
            profile: hd.profile,
            definition: hd.definition,
            incarnationCross: hd.incarnationCross.label,
            activeGates: hd.bodygraph.gates.map((g) => g.gate),
            chart: calculation.humanDesign,
          }
        : null,
    now,
  };
}

/** The profile's chart columns as a stored chart sets them (null: as a removed one leaves them). */
function profileCosmicOf(r: ChartRecord | null): ProfileCosmic {
  return {
    birthDate: r?.birthDate ?? null,
    birthTime: r?.birthTime ?? null,
    birthLocation: r?.birthLocation ?? null,
    birthLatitude: r?.latitude ?? null,
    birthLongitude: r?.longitude ?? null,
    sunSign: r?.sunSign ?? null,
    moonSign: r?.moonSign ?? null,
    risingSign: r?.risingSign ?? null,
    humanDesignType: r?.humanDesign?.type ?? null,
    humanDesignStrategy: r?.humanDesign?.strategy ?? null,
    humanDesignAuthority: r?.humanDesign?.authority ?? null,
    humanDesignProfile: r?.humanDesign?.profile ?? null,
  };
}

/**
 * Inside the caller's transaction: the member's chart replaces any earlier one, and the profile's birth data and
 * chart columns follow it (both writes or neither).
 */
export async function writeChart(tx: ProfileOnboardingTx, record: ChartRecord): Promise<void> {
  await saveChart(tx.trx, record);
  await setProfileCosmic(tx.trx, record.userId, profileCosmicOf(record));
}

/** Inside the caller's transaction: the member's chart goes, and the profile's birth data and chart columns with it. */
export async function removeChart(tx: ProfileOnboardingTx, userId: string): Promise<void> {
  await deleteChart(tx.trx, userId);
  await setProfileCosmic(tx.trx, userId, profileCosmicOf(null));
}

/** Calculates and stores the member's chart, replacing any earlier one. */
export async function storeMyChart(
  deps: Reference & Db & Pick<ProfileOnboardingDeps, 'transaction'>,
  userId: string,
  input: ChartBirthInput,
): Promise<MemberChart> {
  const place = locate(deps, input);
  const result = run(input, place);
  await deps.transaction(async (tx) => {
    // Under the member's lock: an account deletion comes before (no profile: 404) or after, never in between.
    await tx.members.lock(userId);
    if (!(await profileExists(tx.trx, userId))) throw notFound();
    await writeChart(tx, chartRecord(userId, input, place, result, new Date()));
    await publishProfileChange(deps, tx, userId);
  });
  const stored = await getMyChart(deps, userId);
  if (!stored) throw notFound();
  return stored;
}

/**
 * The chart of the wizard's Cosmic Info step, calculated here from the birth data the member completed
 * onboarding with (the signs the browser showed came from the same engine), or null when it cannot be: the
 * spec ignores chart failures at completion, so the profile keeps the signs it was sent.
 */
export function chartOfBirthData(
  userId: string,
  birth: { birthDate: string; birthTime: string | null; latitude: number; longitude: number; label: string },
  now: Date,
): ChartRecord | null {
  const input = { birthDate: birth.birthDate, birthTime: birth.birthTime };
  const place = { latitude: birth.latitude, longitude: birth.longitude, label: birth.label };
  try {
    return chartRecord(userId, input, place, run(input, place), now);
  } catch {
    return null;
  }
}

const isoDate = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

type ChartRow = NonNullable<Awaited<ReturnType<typeof findChart>>>;

/** The stored results, without the birth data: what a drawing of the chart needs. */
function resultsOf(row: ChartRow): SharedMemberChart {
  return {
    sunSign: row.sun_sign as ZodiacSign,
    moonSign: (row.moon_sign ?? row.sun_sign) as ZodiacSign,
    risingSign: row.rising_sign as ZodiacSign | null,
    humanDesign: (row.chart ?? null) as MemberChart['humanDesign'],
  };
}

/** The member's stored chart; null (an ordinary answer, not an error) while they have given no birth data. */
export async function getMyChart({ db }: Db, userId: string): Promise<MemberChart | null> {
  const row = await findChart(db, userId);
  if (!row) return null;
  return {
    ...resultsOf(row),
    cuspNote: row.cusp_note,
    timeNote: (row.time_note ?? null) as MemberChart['timeNote'],
    birthDate: isoDate(row.birth_date),
    birthTime: row.birth_time,
    birthLocation: row.birth_location,
    latitude: row.birth_latitude,
    longitude: row.birth_longitude,
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Another member's chart for their profile page, only when they share their birth data. null when they have no
 * chart or do not share it: one answer for both, so it never tells whether a member who keeps their birth data
 * private stored any, and the profile page asks without an error. An unknown member is 404 (they should exist).
 */
export async function getSharedChart({ db }: Db, userId: string): Promise<SharedMemberChart | null> {
  const profile = await findProfile(db, userId);
  if (!profile) throw notFound();
  if (!sharesBirthData(profile.privacy_settings)) return null;
  const row = await findChart(db, userId);
  return row ? resultsOf(row) : null;
}

export async function deleteMyChart(
  deps: Pick<ProfileOnboardingDeps, 'transaction' | 'reference'>,
  userId: string,
): Promise<void> {
  await deps.transaction(async (tx) => {
    await removeChart(tx, userId);
    await publishProfileChange(deps, tx, userId);
  });
}

/** Both members must have stored charts; otherwise 404 (nothing about the other member is revealed). */
export async function compatibilityWith(
  { db }: Db,
  userId: string,
  otherUserId: string,
): Promise<ChartCompatibility> {
  const [mine, theirs] = await Promise.all([findChart(db, userId), findChart(db, otherUserId)]);
  if (!mine || !theirs || userId === otherUserId) throw notFound();
  const summary = (row: NonNullable<typeof mine>) => ({
    sunSign: row.sun_sign as ZodiacSign,
    moonSign: row.moon_sign as ZodiacSign | null,
    risingSign: row.rising_sign as ZodiacSign | null,
    humanDesignGates: (row.active_gates as number[] | null) ?? null,
  });
  return compatibility(summary(mine), summary(theirs));
}
