/**
 * The names of the zodiac signs and the Human Design types: the one list in MER. TypeBox-free, so front ends
 * (people discovery's filter chips) and scripts read it without bundling the schemas; profile-charts builds its
 * literal unions from it, and @mer/chart-engine takes the signs from here.
 */

/** The twelve signs in zodiac order (Aries at 0° of ecliptic longitude). */
export const ZODIAC_SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
] as const;
export type ZodiacSign = (typeof ZODIAC_SIGNS)[number];

/** The five Human Design types. */
export const HUMAN_DESIGN_TYPES = [
  'Manifestor',
  'Generator',
  'Manifesting Generator',
  'Projector',
  'Reflector',
] as const;
export type HumanDesignTypeName = (typeof HUMAN_DESIGN_TYPES)[number];
