// Fixed Human Design tables: the Rave Mandala gate order, the nine centres and the 36 channels.
// Sources: Ra Uru Hu, "The Definitive Book of Human Design" (2011), the Rave Mandala and BodyGraph; the wheel
// start (Gate 41 from 2°00′00″ Aquarius = 302° tropical, each gate 5°37′30″) as printed in gate references,
// e.g. "Gate 41 … Astrological Position: 02° 00' 00" – 07° 37' 30" Aquarius".
import { HD_CENTRE_IDS } from '@mer/contracts';

/** Gates in the order the Sun meets them, starting at 302° of tropical longitude. */
export const GATE_ORDER = [
  41, 19, 13, 49, 30, 55, 37, 63, 22, 36, 25, 17, 21, 51, 42, 3, 27, 24, 2, 23, 8, 20, 16, 35, 45, 12, 15, 52,
  39, 53, 62, 56, 31, 33, 7, 4, 29, 59, 40, 64, 47, 6, 46, 18, 48, 57, 32, 50, 28, 44, 1, 43, 14, 34, 9, 5,
  26, 11, 10, 58, 38, 54, 61, 60,
] as const;
export const WHEEL_START_DEGREES = 302;
export const GATE_WIDTH = 360 / 64; // 5.625° = 5°37′30″
export const LINE_WIDTH = GATE_WIDTH / 6; // 0.9375° = 56′15″

/** The nine centres, in the API's order and ids (one list: contracts' HD_CENTRE_IDS). */
export const CENTRES = HD_CENTRE_IDS;
export type Centre = (typeof CENTRES)[number];

export const CENTRE_NAMES: Record<Centre, string> = {
  head: 'Head',
  ajna: 'Ajna',
  throat: 'Throat',
  g: 'G (Identity)',
  heart: 'Heart (Ego)',
  sacral: 'Sacral',
  spleen: 'Spleen',
  solarPlexus: 'Solar Plexus',
  root: 'Root',
};

/** Centres that are motors (energy sources); one joined to the Throat makes a manifesting type. */
export const MOTORS: readonly Centre[] = ['sacral', 'solarPlexus', 'heart', 'root'];

const GATES_BY_CENTRE: Record<Centre, readonly number[]> = {
  head: [64, 61, 63],
  ajna: [47, 24, 4, 17, 43, 11],
  throat: [62, 23, 56, 35, 12, 45, 33, 8, 31, 20, 16],
  g: [1, 13, 25, 46, 2, 15, 10, 7],
  heart: [21, 40, 26, 51],
  sacral: [5, 14, 29, 59, 9, 3, 42, 27, 34],
  spleen: [48, 57, 44, 50, 32, 28, 18],
  solarPlexus: [36, 22, 37, 6, 49, 55, 30],
  root: [53, 60, 52, 19, 39, 41, 58, 38, 54],
};

export const CENTRE_OF_GATE: ReadonlyMap<number, Centre> = new Map(
  CENTRES.flatMap((c) => GATES_BY_CENTRE[c].map((g) => [g, c] as const)),
);

export interface ChannelDefinition {
  gates: readonly [number, number];
  name: string;
}

/** The 36 channels (gate pairs), with their common names. */
export const CHANNELS: readonly ChannelDefinition[] = [
  { gates: [1, 8], name: 'Inspiration' },
  { gates: [2, 14], name: 'the Beat' },
  { gates: [3, 60], name: 'Mutation' },
  { gates: [4, 63], name: 'Logic' },
  { gates: [5, 15], name: 'Rhythm' },
  { gates: [6, 59], name: 'Mating' },
  { gates: [7, 31], name: 'the Alpha' },
  { gates: [9, 52], name: 'Concentration' },
  { gates: [10, 20], name: 'Awakening' },
  { gates: [10, 34], name: 'Exploration' },
  { gates: [10, 57], name: 'Perfected Form' },
  { gates: [11, 56], name: 'Curiosity' },
  { gates: [12, 22], name: 'Openness' },
  { gates: [13, 33], name: 'the Prodigal' },
  { gates: [16, 48], name: 'the Wavelength' },
  { gates: [17, 62], name: 'Acceptance' },
  { gates: [18, 58], name: 'Judgment' },
  { gates: [19, 49], name: 'Synthesis' },
  { gates: [20, 34], name: 'Charisma' },
  { gates: [20, 57], name: 'the Brainwave' },
  { gates: [21, 45], name: 'Money' },
  { gates: [23, 43], name: 'Structuring' },
  { gates: [24, 61], name: 'Awareness' },
  { gates: [25, 51], name: 'Initiation' },
  { gates: [26, 44], name: 'Surrender' },
  { gates: [27, 50], name: 'Preservation' },
  { gates: [28, 38], name: 'Struggle' },
  { gates: [29, 46], name: 'Discovery' },
  { gates: [30, 41], name: 'Recognition' },
  { gates: [32, 54], name: 'Transformation' },
  { gates: [34, 57], name: 'Power' },
  { gates: [35, 36], name: 'Transitoriness' },
  { gates: [37, 40], name: 'Community' },
  { gates: [39, 55], name: 'Emoting' },
  { gates: [42, 53], name: 'Maturation' },
  { gates: [47, 64], name: 'Abstraction' },
];
