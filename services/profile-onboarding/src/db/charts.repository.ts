import type { Kysely } from 'kysely';
import type { ProfileOnboardingTables } from './tables.ts';

/** The only place that speaks SQL about charts' tables. Every function takes deps.db or a transaction's trx. */

export interface ChartRecord {
  userId: string;
  sunSign: string;
  moonSign: string | null;
  risingSign: string | null;
  cuspNote: string | null;
  birthDate: string;
  birthTime: string | null;
  birthLocation: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  birthInstant: Date | null;
  timeNote: unknown;
  humanDesign: {
    type: string;
    strategy: string;
    authority: string;
    profile: string;
    definition: string;
    incarnationCross: string;
    activeGates: number[];
    chart: unknown;
  } | null;
  now: Date;
}

export async function profileExists(db: Kysely<ProfileOnboardingTables>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Replaces the member's chart: its astrology row and Human Design row. The profile's own chart columns are the
 * profiles repository's (the chart use case writes both in one transaction).
 */
export async function saveChart(db: Kysely<ProfileOnboardingTables>, r: ChartRecord): Promise<void> {
  const astrology = {
    sun_sign: r.sunSign,
    moon_sign: r.moonSign,
    rising_sign: r.risingSign,
    cusp_note: r.cuspNote,
    birth_date: r.birthDate,
    birth_time: r.birthTime,
    birth_location: r.birthLocation,
    birth_latitude: r.latitude,
    birth_longitude: r.longitude,
    time_zone: r.timeZone,
    birth_instant: r.birthInstant,
    time_note: r.timeNote == null ? null : JSON.stringify(r.timeNote),
    updated_at: r.now,
  };
  await db
    .insertInto('astrology_profiles')
    .values({ user_id: r.userId, ...astrology, created_at: r.now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(astrology))
    .execute();
  await db.deleteFrom('human_design_charts').where('user_id', '=', r.userId).execute();
  if (r.humanDesign) {
    const hd = r.humanDesign;
    await db
      .insertInto('human_design_charts')
      .values({
        user_id: r.userId,
        type: hd.type,
        strategy: hd.strategy,
        authority: hd.authority,
        profile: hd.profile,
        definition: hd.definition,
        incarnation_cross: hd.incarnationCross,
        active_gates: JSON.stringify(hd.activeGates),
        chart: JSON.stringify(hd.chart),
        updated_at: r.now,
      })
      .execute();
  }
}

export async function findChart(db: Kysely<ProfileOnboardingTables>, userId: string) {
  return db
    .selectFrom('astrology_profiles as a')
    .leftJoin('human_design_charts as h', 'h.user_id', 'a.user_id')
    .select([
      'a.sun_sign',
      'a.moon_sign',
      'a.rising_sign',
      'a.cusp_note',
      'a.birth_date',
      'a.birth_time',
      'a.birth_location',
      'a.birth_latitude',
      'a.birth_longitude',
      'a.time_note',
      'a.updated_at',
      'h.chart',
      'h.active_gates',
    ])
    .where('a.user_id', '=', userId)
    .executeTakeFirst();
}

/** Deletes the member's stored chart (its Human Design row goes with it, on delete cascade). */
export async function deleteChart(db: Kysely<ProfileOnboardingTables>, userId: string): Promise<void> {
  await db.deleteFrom('astrology_profiles').where('user_id', '=', userId).execute();
}
