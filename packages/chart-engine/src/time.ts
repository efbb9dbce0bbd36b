// Local birth time → UTC instant: time zone from coordinates (offline), historical offsets from the
// IANA database (through luxon / Intl), and explicit handling of daylight-saving gaps and overlaps.
import { find as findTimeZones, setCache as setTimeZoneCache } from 'geo-tz/dist/find-all';
import { LRUCache } from 'lru-cache';
import { DateTime } from 'luxon';
import { ChartInputError } from './errors.ts';

export interface TimeNote {
  kind: 'gap' | 'overlap';
  /** Plain words for the member. */
  message: string;
  /** The UTC offsets (minutes) that could apply; for a gap the offsets before and after the change. */
  candidateOffsetsMinutes: number[];
  /** The offset we used: always the earlier one (the offset in force before the change). */
  usedOffsetMinutes: number;
}

export interface ResolvedTime {
  utc: Date;
  timeZone: string;
  offsetMinutes: number;
  timeNote: TimeNote | null;
}

/**
 * geo-tz reads the boundary tiles it needs from its data file and, by default, keeps every tile decoded for
 * good: all of them take about 1.6 GB. A bounded cache keeps the tiles of recent lookups (tens of MB) and
 * reads the others again when needed (a few milliseconds).
 */
const TIME_ZONE_TILES_KEPT = 100;
setTimeZoneCache({ store: new LRUCache<string, object>({ max: TIME_ZONE_TILES_KEPT }) });

function knownToIntl(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA zone at the coordinates, from timezone-boundary-builder's comprehensive product (geo-tz/all:
 * every zone with its own history, so Ushuaia is America/Argentina/Ushuaia rather than a neighbour that
 * agrees only today). Where the data gives several zones (disputed areas, e.g. Xinjiang: Asia/Urumqi and
 * Asia/Shanghai), its first one is used; a zone newer than Node's own IANA data is skipped for the next.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  const zones = findTimeZones(latitude, longitude);
  return zones.find(knownToIntl) ?? zones[0] ?? 'Etc/UTC';
}

const DAY_MS = 86_400_000;

function offsetAt(utcMs: number, zone: string): number {
  return DateTime.fromMillis(utcMs, { zone }).offset;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(Math.round(minutes));
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Converts a wall-clock time in `zone` to UTC. Luxon would silently move a non-existent time forward and
 * pick one side of an ambiguous time; here every interpretation is tested so both cases are reported.
 */
export function resolveLocalTime(
  fields: { year: number; month: number; day: number; hour: number; minute: number },
  zone: string,
): ResolvedTime {
  if (!DateTime.local().setZone(zone).isValid) {
    throw new ChartInputError('UNKNOWN_TIME_ZONE', `Unknown time zone ${zone}`);
  }
  // The wall-clock reading as if it were UTC; the true instant is this minus the offset in force.
  const wallMs = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute);
  const candidates = [...new Set([wallMs - DAY_MS, wallMs, wallMs + DAY_MS].map((ms) => offsetAt(ms, zone)))];
  const valid = candidates
    .filter((offset) => offsetAt(wallMs - offset * 60_000, zone) === offset)
    // Larger offset = earlier instant.
    .sort((a, b) => b - a);
  if (valid.length === 1) {
    const offset = valid[0]!;
    return { utc: new Date(wallMs - offset * 60_000), timeZone: zone, offsetMinutes: offset, timeNote: null };
  }
  const hhmm = `${String(fields.hour).padStart(2, '0')}:${String(fields.minute).padStart(2, '0')}`;
  if (valid.length > 1) {
    const offset = valid[0]!;
    return {
      utc: new Date(wallMs - offset * 60_000),
      timeZone: zone,
      offsetMinutes: offset,
      timeNote: {
        kind: 'overlap',
        message: `${hhmm} happened twice that night when the clocks went back (${valid.map(formatOffset).join(' and ')}). We used the first one (${formatOffset(offset)}); tell us if you were born in the second hour.`,
        candidateOffsetsMinutes: valid,
        usedOffsetMinutes: offset,
      },
    };
  }
  // A gap: the offset before the change is the one in force just before the wall time.
  const before = offsetAt(wallMs - DAY_MS, zone);
  const after = offsetAt(wallMs + DAY_MS, zone);
  return {
    utc: new Date(wallMs - before * 60_000),
    timeZone: zone,
    offsetMinutes: before,
    timeNote: {
      kind: 'gap',
      message: `${hhmm} did not exist on that day: the clocks jumped forward (${formatOffset(before)} to ${formatOffset(after)}). We read it with the earlier offset (${formatOffset(before)}); please check the birth time.`,
      candidateOffsetsMinutes: [before, after],
      usedOffsetMinutes: before,
    },
  };
}
