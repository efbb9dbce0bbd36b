import { Type, type Static } from '@sinclair/typebox';
import { NoContent, Timestamp, Uuid } from './common.ts';
import { defineRoutes } from './route.ts';
import { HUMAN_DESIGN_TYPES, ZODIAC_SIGNS } from '../chart-names.ts';

/**
 * Charts (issue 6): astrology signs and Human Design computed inside MER by @mer/chart-engine, so no
 * member's birth data leaves it. See docs in packages/chart-engine/README.md for every convention.
 */
export const ZodiacSignName = Type.Union(ZODIAC_SIGNS.map((s) => Type.Literal(s)));
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
// `as const` so the centre ids are a literal union in TypeScript too (a front end keys its drawing by them);
// the chart engine takes its list from here.
export const HD_CENTRE_IDS = [
  'head',
  'ajna',
  'throat',
  'g',
  'heart',
  'sacral',
  'spleen',
  'solarPlexus',
  'root',
] as const;
const HdCentre = Type.Union(HD_CENTRE_IDS.map((c) => Type.Literal(c)));
const HdBody = Type.String({ description: 'sun, earth, northNode, southNode, moon, mercury … pluto' });
const GateNumber = Type.Integer({ minimum: 1, maximum: 64 });
const LineNumber = Type.Integer({ minimum: 1, maximum: 6 });

/** Birth data: a city from the cities list, or coordinates with a label. */
export const ChartBirthInput = Type.Object(
  {
    birthDate: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'yyyy-MM-dd, 1900-01-01 to today',
    }),
    birthTime: Type.Union([
      Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'HH:mm, 24-hour local time' }),
      Type.Null(),
    ]),
    cityId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    birthLocation: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { $id: 'ChartBirthInput', additionalProperties: false },
);
export type ChartBirthInput = Static<typeof ChartBirthInput>;

export const ChartTimeNote = Type.Object(
  {
    kind: Type.Union([Type.Literal('gap'), Type.Literal('overlap')]),
    message: Type.String(),
    candidateOffsetsMinutes: Type.Array(Type.Number()),
    usedOffsetMinutes: Type.Number(),
  },
  { $id: 'ChartTimeNote' },
);

export const HumanDesignBodygraph = Type.Object(
  {
    centres: Type.Array(Type.Object({ id: HdCentre, name: Type.String(), defined: Type.Boolean() })),
    channels: Type.Array(
      Type.Object({
        gates: Type.Array(GateNumber, { minItems: 2, maxItems: 2 }),
        name: Type.String(),
        centres: Type.Array(HdCentre, { minItems: 2, maxItems: 2 }),
      }),
    ),
    gates: Type.Array(
      Type.Object({
        gate: GateNumber,
        centre: HdCentre,
        personality: Type.Array(Type.Object({ body: HdBody, line: LineNumber })),
        design: Type.Array(Type.Object({ body: HdBody, line: LineNumber })),
      }),
    ),
  },
  { $id: 'HumanDesignBodygraph' },
);

export const HumanDesignResult = Type.Object(
  {
    type: Type.Union(HUMAN_DESIGN_TYPES.map((t) => Type.Literal(t))),
    strategy: Type.String(),
    authority: Type.String({ description: 'Display label, e.g. "Emotional (Solar Plexus)"' }),
    profile: Type.String({ pattern: '^[1-6]/[1-6]$' }),
    definition: Type.Union(
      ['none', 'single', 'split', 'triple split', 'quadruple split'].map((d) => Type.Literal(d)),
    ),
    incarnationCross: Type.Object({
      angle: Type.Union([
        Type.Literal('right angle'),
        Type.Literal('juxtaposition'),
        Type.Literal('left angle'),
      ]),
      gates: Type.Array(GateNumber, { minItems: 4, maxItems: 4 }),
      label: Type.String(),
    }),
    interpretation: Type.Object({
      type: Type.String(),
      strategy: Type.String(),
      authority: Type.String(),
      profile: Type.String(),
      definition: Type.String(),
      incarnationCross: Type.String(),
    }),
    bodygraph: HumanDesignBodygraph,
  },
  { $id: 'HumanDesignResult' },
);

/** The spec's calculate response (sunSign, moonSign, risingSign) plus cusp/time notes and Human Design. */
export const ChartCalculation = Type.Object(
  {
    sunSign: ZodiacSignName,
    moonSign: ZodiacSignName,
    risingSign: Type.Union([ZodiacSignName, Type.Null()]),
    cuspNote: Nullable(Type.String()),
    timeNote: Type.Union([ChartTimeNote, Type.Null()]),
    /**
     * One sentence per planet, node or Ascendant that a birth time one minute earlier or later would move into
     * another gate, line or sign (members with approximate times should know). Absent on charts stored before.
     */
    boundaryNotes: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 40 })),
    /** Null when it cannot be calculated (no birth time): the signs are still kept ('Human Design Calculation'). */
    humanDesign: Type.Union([HumanDesignResult, Type.Null()]),
  },
  { $id: 'ChartCalculation' },
);
export type ChartCalculation = Static<typeof ChartCalculation>;

export const MemberChart = Type.Composite(
  [
    ChartCalculation,
    Type.Object({
      birthDate: Type.String(),
      birthTime: Nullable(Type.String()),
      birthLocation: Nullable(Type.String()),
      latitude: Type.Union([Type.Number(), Type.Null()]),
      longitude: Type.Union([Type.Number(), Type.Null()]),
      updatedAt: Timestamp,
    }),
  ],
  { $id: 'MemberChart' },
);
export type MemberChart = Static<typeof MemberChart>;

/**
 * Another member's chart as their profile draws it (signs and Human Design with the bodygraph), only when they
 * share their birth data (privacy_settings.share_birth_data). Never the birth date, time, place or coordinates:
 * the drawing does not need them, and the public profile already carries what the member chose to share.
 */
export const SharedMemberChart = Type.Object(
  {
    sunSign: ZodiacSignName,
    moonSign: ZodiacSignName,
    risingSign: Type.Union([ZodiacSignName, Type.Null()]),
    humanDesign: Type.Union([HumanDesignResult, Type.Null()]),
  },
  { $id: 'SharedMemberChart', additionalProperties: false },
);
export type SharedMemberChart = Static<typeof SharedMemberChart>;

export const ChartCompatibility = Type.Object(
  {
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    reasons: Type.Array(Type.Object({ kind: Type.String(), text: Type.String() })),
  },
  { $id: 'ChartCompatibility' },
);
export type ChartCompatibility = Static<typeof ChartCompatibility>;

export const profileChartRoutes = defineRoutes('profile-onboarding', {
  calculateChart: {
    method: 'POST',
    path: '/api/v1/profile-onboarding/charts/calculate',
    summary:
      "Sun, moon and rising signs and Human Design for birth data ('Location Error' without coordinates); stores nothing",
    access: { kind: 'user' },
    body: ChartBirthInput,
    response: { 200: ChartCalculation },
  },
  storeMyChart: {
    method: 'PUT',
    path: '/api/v1/profile-onboarding/charts/me',
    summary: "Calculate and store the member's chart (astrology_profiles and the Human Design fields)",
    access: { kind: 'user' },
    body: ChartBirthInput,
    response: { 200: MemberChart },
  },
  getMyChart: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/charts/me',
    summary: "The member's stored chart (null while they have given no birth data)",
    access: { kind: 'user' },
    response: { 200: Type.Union([MemberChart, Type.Null()]) },
  },
  deleteMyChart: {
    method: 'DELETE',
    path: '/api/v1/profile-onboarding/charts/me',
    summary: "Forget the member's birth data and chart (the 'No worries' path)",
    access: { kind: 'user' },
    response: { 204: NoContent },
  },
  memberChart: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/profiles/:userId/chart',
    summary:
      "Another member's signs and Human Design (bodygraph) when they share their birth data; null when they have no chart or do not share it (one answer for both); 404 Item Not Found for an unknown member",
    access: { kind: 'user' },
    params: Type.Object({ userId: Uuid }),
    response: { 200: Type.Union([SharedMemberChart, Type.Null()]) },
  },
  compatibility: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/compatibility/:userId',
    summary:
      'Score and plain-word reasons for the caller and another member who both stored charts (404 otherwise)',
    access: { kind: 'user' },
    params: Type.Object({ userId: Uuid }),
    response: { 200: ChartCompatibility },
  },
});
