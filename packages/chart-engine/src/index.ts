export {
  calculateChart,
  type AstrologyChart,
  type BirthInput,
  type ChartOptions,
  type ChartResult,
} from './chart.ts';
export { ChartInputError, type ChartInputErrorCode } from './errors.ts';
export {
  analyseHumanDesign,
  gateLineAt,
  humanDesignAt,
  AUTHORITY_LABELS,
  HD_BODIES,
  type Activation,
  type Bodygraph,
  type CrossAngle,
  type HdAuthority,
  type HdDefinition,
  type HdType,
  type HumanDesign,
} from './human-design.ts';
export {
  CENTRES,
  CENTRE_OF_GATE,
  CHANNELS,
  GATE_ORDER,
  WHEEL_START_DEGREES,
  type Centre,
} from './human-design-data.ts';
export { resolveLocalTime, timeZoneAt, type ResolvedTime, type TimeNote } from './time.ts';
export {
  SIGNS,
  elementOf,
  modalityOf,
  sunSignFromDate,
  zodiacPosition,
  type Element,
  type Modality,
  type ZodiacPosition,
  type ZodiacSign,
} from './zodiac.ts';
export { angles, allLongitudes, astroTime, solveSunArcBefore, type Angles, type BodyName } from './astro.ts';
export {
  compatibility,
  type Compatibility,
  type CompatibilityChart,
  type CompatibilityReason,
  type CompatibilityReasonKind,
} from './compatibility.ts';
