// The one entry point: birth data in, astrology and Human Design out. Pure: the only "input from the
// world" is `now`, used to refuse future dates, and it can be passed in.
import { angles, astroTime, longitudesIn, moonLongitude, type BodyName } from './astro.ts';
import { boundaryNotes } from './boundaries.ts';
import { frameAt } from './ephemeris.ts';
import { ChartInputError } from './errors.ts';
import { humanDesignAt, type HumanDesign } from './human-design.ts';
import { resolveLocalTime, timeZoneAt, type TimeNote } from './time.ts';
import {
  isTableCuspDay,
  sunSignFromDate,
  zodiacPosition,
  type ZodiacPosition,
  type ZodiacSign,
} from './zodiac.ts';

export interface BirthInput {
  /** yyyy-MM-dd, local calendar date at the birth place. */
  birthDate: string;
  /** HH:mm local wall-clock time, or null/undefined when unknown. */
  birthTime?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface ChartOptions {
  /** Which lunar node: 'true' (osculating, default) or 'mean'. */
  node?: 'true' | 'mean';
  /** "Now" for the no-future-dates rule (tests pin it). */
  now?: Date;
  /** Skip Human Design (astrology only). */
  humanDesign?: boolean;
}

export interface AstrologyChart {
  sunSign: ZodiacSign;
  /** How the sun sign was found: the fixed date table, or the real Sun at the birth instant. */
  sunSignSource: 'date-table' | 'ephemeris';
  cuspNote: string | null;
  moonSign: ZodiacSign;
  /** False when no birth time was given and the Moon changed sign during that day. */
  moonSignCertain: boolean;
  risingSign: ZodiacSign | null;
  /** Positions at the birth instant; null without a birth time and place. */
  positions:
    (Record<BodyName, ZodiacPosition> & { ascendant: ZodiacPosition; midheaven: ZodiacPosition }) | null;
  /** Set above the polar circles, where the Ascendant is a mathematical convention (see README). */
  highLatitudeNote: string | null;
}

export interface ChartResult {
  input: { birthDate: string; birthTime: string | null; latitude: number | null; longitude: number | null };
  timeZone: string | null;
  utcOffsetMinutes: number | null;
  /** The birth instant in UTC (null when the time or the place is unknown). */
  birthInstant: Date | null;
  timeNote: TimeNote | null;
  astrology: AstrologyChart;
  /** Null when time or place is unknown (Human Design needs the exact instant). */
  humanDesign: HumanDesign | null;
  /**
   * One sentence per body (or the Ascendant) that a birth time one minute earlier or later (±30 s, the
   * uncertainty of a time given to the minute) would move into another Human Design gate or line, or
   * another rising sign. Empty without a birth time and place.
   */
  boundaryNotes: string[];
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;

function parseDate(s: string): { year: number; month: number; day: number } {
  const m = DATE_RE.exec(s);
  if (!m) throw new ChartInputError('INVALID_DATE', 'Birth date must be yyyy-MM-dd');
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    throw new ChartInputError('INVALID_DATE', 'Birth date is not a real calendar date');
  }
  if (year < 1900) throw new ChartInputError('DATE_BEFORE_1900', 'Birth dates start at 1900-01-01');
  return { year, month, day };
}

function parseTime(s: string): { hour: number; minute: number } {
  const m = TIME_RE.exec(s);
  const hour = Number(m?.[1]);
  const minute = Number(m?.[2]);
  if (!m || hour > 23 || minute > 59)
    throw new ChartInputError('INVALID_TIME', 'Birth time must be HH:mm (00:00 to 23:59)');
  return { hour, minute };
}

const HOUR_MS = 3_600_000;

export function calculateChart(input: BirthInput, options: ChartOptions = {}): ChartResult {
  const now = options.now ?? new Date();
  const date = parseDate(input.birthDate);
  const time = input.birthTime ? parseTime(input.birthTime) : null;
  const hasPlace = input.latitude != null && input.longitude != null;
  if (hasPlace) {
    const { latitude, longitude } = input as { latitude: number; longitude: number };
    if (
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    ) {
      throw new ChartInputError(
        'INVALID_COORDINATES',
        'Latitude must be within ±90 and longitude within ±180',
      );
    }
  }
  // No future dates: the earliest time zone (UTC+14) reaches a calendar date first.
  if (Date.UTC(date.year, date.month - 1, date.day) > now.getTime() + 14 * HOUR_MS) {
    throw new ChartInputError('FUTURE_DATE', 'Birth date cannot be in the future');
  }

  const timeZone = hasPlace ? timeZoneAt(input.latitude!, input.longitude!) : null;
  const resolved = time && timeZone ? resolveLocalTime({ ...date, ...time }, timeZone) : null;
  if (resolved && resolved.utc.getTime() > now.getTime()) {
    throw new ChartInputError('FUTURE_DATE', 'Birth time cannot be in the future');
  }

  const tableSign = sunSignFromDate(date.month, date.day);
  let astrology: AstrologyChart;
  let humanDesign: HumanDesign | null = null;
  let notes: string[] = [];
  if (resolved) {
    const t = astroTime(resolved.utc);
    const node = options.node ?? 'true';
    const birthFrame = frameAt(t);
    const lons = longitudesIn(birthFrame, node);
    const a = angles(t, input.latitude!, input.longitude!);
    const positions = Object.fromEntries(
      Object.entries(lons).map(([k, v]) => [k, zodiacPosition(v)]),
    ) as Record<BodyName, ZodiacPosition>;
    const sun = positions.sun.sign;
    astrology = {
      sunSign: sun,
      sunSignSource: 'ephemeris',
      cuspNote:
        sun !== tableSign
          ? `Born on the cusp: calendars list ${tableSign} for this date, but at your birth time the Sun was already in ${sun} (${positions.sun.label}), so you are ${sun}.`
          : isTableCuspDay(date.month, date.day)
            ? `Born on a cusp day: at your birth time the Sun was at ${positions.sun.label}, so you are ${sun}.`
            : null,
      moonSign: positions.moon.sign,
      moonSignCertain: true,
      risingSign: zodiacPosition(a.ascendant).sign,
      positions: {
        ...positions,
        ascendant: zodiacPosition(a.ascendant),
        midheaven: zodiacPosition(a.midheaven),
      },
      highLatitudeNote: a.polar
        ? 'Born inside a polar circle: some zodiac degrees never rise there, so your rising sign is the degree rising in the east at your birth time; a few astrology programs use another convention there.'
        : null,
    };
    if (options.humanDesign !== false) humanDesign = humanDesignAt(t, lons, node, birthFrame);
    notes = boundaryNotes({
      birth: t,
      latitude: input.latitude!,
      longitude: input.longitude!,
      node,
      ascendant: a.ascendant,
      humanDesign,
    });
  } else {
    // Without an exact instant: the Moon over the local day (UTC day when the place is unknown).
    const offsetMs = resolved
      ? 0
      : timeZone
        ? resolveLocalTime({ ...date, hour: 12, minute: 0 }, timeZone).offsetMinutes * 60_000
        : 0;
    const dayStart = Date.UTC(date.year, date.month - 1, date.day) - offsetMs;
    const signAt = (ms: number) => zodiacPosition(moonLongitude(astroTime(new Date(ms)))).sign;
    const atNoon = signAt(dayStart + 12 * HOUR_MS);
    const certain = signAt(dayStart) === atNoon && signAt(dayStart + 24 * HOUR_MS - 60_000) === atNoon;
    astrology = {
      sunSign: tableSign,
      sunSignSource: 'date-table',
      cuspNote: isTableCuspDay(date.month, date.day)
        ? `Born on a cusp day: ${tableSign} by the calendar; add your birth time and place for the exact sign.`
        : null,
      moonSign: atNoon,
      moonSignCertain: certain,
      risingSign: null,
      positions: null,
      highLatitudeNote: null,
    };
  }

  return {
    input: {
      birthDate: input.birthDate,
      birthTime: input.birthTime ?? null,
      latitude: hasPlace ? input.latitude! : null,
      longitude: hasPlace ? input.longitude! : null,
    },
    timeZone,
    utcOffsetMinutes: resolved?.offsetMinutes ?? null,
    birthInstant: resolved?.utc ?? null,
    timeNote: resolved?.timeNote ?? null,
    astrology,
    humanDesign,
    boundaryNotes: notes,
  };
}
