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
import type { Kysely } from 'kysely';
import {
  deleteChart,
  findChart,
  profileExists,
  saveChart,
  type ChartRecord,
} from '../db/charts.repository.ts';
import { findProfile } from '../db/profiles.repository.ts';
import { sharesBirthData } from '../domain/profile.ts';

/** Coordinates of a city from the cities list (wired to the cities reference data where it exists). */
export type CityResolver = (
  cityId: string,
) => Promise<{ latitude: number; longitude: number; label: string } | null>;
export const noCities: CityResolver = async () => null;

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

async function locate(input: ChartBirthInput, resolveCity: CityResolver): Promise<Located> {
  if (input.latitude != null && input.longitude != null) {
    return { latitude: input.latitude, longitude: input.longitude, label: input.birthLocation ?? null };
  }
  const city = input.cityId ? await resolveCity(input.cityId) : null;
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
export async function calculateSigns(
  input: ChartBirthInput,
  resolveCity: CityResolver,
): Promise<ChartCalculation> {
  const place = await locate(input, resolveCity);
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

/** Calculates and stores the member's chart, replacing any earlier one. */
export async function storeMyChart(
  db: Kysely<any>,
  userId: string,
  input: ChartBirthInput,
  resolveCity: CityResolver,
): Promise<MemberChart> {
  const place = await locate(input, resolveCity);
  const result = run(input, place);
  if (!(await profileExists(db, userId))) throw notFound();
  await db
    .transaction()
    .execute((trx) => saveChart(trx, chartRecord(userId, input, place, result, new Date())));
  const stored = await getMyChart(db, userId);
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
export async function getMyChart(db: Kysely<any>, userId: string): Promise<MemberChart | null> {
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
export async function getSharedChart(db: Kysely<any>, userId: string): Promise<SharedMemberChart | null> {
  const profile = await findProfile(db, userId);
  if (!profile) throw notFound();
  if (!sharesBirthData(profile.privacy_settings)) return null;
  const row = await findChart(db, userId);
  return row ? resultsOf(row) : null;
}

export async function deleteMyChart(db: Kysely<any>, userId: string): Promise<void> {
  await deleteChart(db, userId);
}

/** Both members must have stored charts; otherwise 404 (nothing about the other member is revealed). */
export async function compatibilityWith(
  db: Kysely<any>,
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
