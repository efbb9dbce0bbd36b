import { describe, expect, it } from 'vitest';
import { astroTime, sunLongitude } from './astro.ts';
import { calculateChart } from './chart.ts';
import { analyseHumanDesign, gateLineAt, type Activation, type HdBody, HD_BODIES } from './human-design.ts';
import { CENTRE_OF_GATE, CHANNELS, GATE_ORDER } from './human-design-data.ts';

const NOW = new Date('2026-11-23T00:00:00Z');

describe('the Rave Mandala wheel', () => {
  it('has 64 distinct gates, each in exactly one centre, and 36 channels', () => {
    expect(new Set(GATE_ORDER).size).toBe(64);
    expect(CENTRE_OF_GATE.size).toBe(64);
    expect(CHANNELS).toHaveLength(36);
    for (const c of CHANNELS) expect(CENTRE_OF_GATE.get(c.gates[0])).not.toBe(CENTRE_OF_GATE.get(c.gates[1]));
  });
  it('Gate 41 spans 2°00′00″–7°37′30″ Aquarius (302°–307.625°); Gate 61 starts at 20°45′ Capricorn', () => {
    expect(gateLineAt(302)).toEqual({ gate: 41, line: 1 });
    expect(gateLineAt(301.99999)).toEqual({ gate: 60, line: 6 });
    expect(gateLineAt(307.62499)).toEqual({ gate: 41, line: 6 });
    expect(gateLineAt(307.625)).toEqual({ gate: 19, line: 1 });
    expect(gateLineAt(302.9375)).toEqual({ gate: 41, line: 2 });
    expect(gateLineAt(290.75)).toEqual({ gate: 61, line: 1 });
  });
  it('opposite gates pair as the standard crosses do (1/2, 13/7, 10/15, 25/46)', () => {
    const opposite = (gate: number) =>
      gateLineAt(302 + GATE_ORDER.indexOf(gate as never) * 5.625 + 180 + 1).gate;
    expect(opposite(1)).toBe(2);
    expect(opposite(13)).toBe(7);
    expect(opposite(10)).toBe(15);
    expect(opposite(25)).toBe(46);
  });
  it('a birth on the Sun\'s gate boundary: the Sun entered Gate 41 on 2022-01-22 at 02:49:37 "GMT" (whattherapy.com, "Lead Up to the Human Design Rave New Year (Part 2)")', () => {
    // The page's times agree with the Sun reaching 302°00′00″ to within 0.1″ when read as UTC+1 (Central
    // European time), and its Gate 61 entry (2022-01-11 01:37:16, 20°45′ Capricorn) agrees the same way,
    // so the published clock is UTC+1 despite its label. The boundary itself (302°) is what is tested.
    const entry = new Date('2022-01-22T01:49:37Z');
    expect(Math.abs(sunLongitude(astroTime(entry)) - 302) * 3600).toBeLessThan(1);
    const at = (ms: number) => gateLineAt(sunLongitude(astroTime(new Date(entry.getTime() + ms))));
    expect(at(-60_000)).toEqual({ gate: 60, line: 6 });
    expect(at(60_000)).toEqual({ gate: 41, line: 1 });
    const gate61 = new Date('2022-01-11T00:37:16Z');
    expect(Math.abs(sunLongitude(astroTime(gate61)) - 290.75) * 3600).toBeLessThan(1);
    // Same boundary through the whole chart: a birth in Paris (UTC+1) one minute either side of it.
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const before = calculateChart({ birthDate: '2022-01-22', birthTime: '02:48', ...paris }, { now: NOW });
    const after = calculateChart({ birthDate: '2022-01-22', birthTime: '02:51', ...paris }, { now: NOW });
    expect(before.humanDesign!.personality[0]).toMatchObject({ body: 'sun', gate: 60, line: 6 });
    expect(after.humanDesign!.personality[0]).toMatchObject({ body: 'sun', gate: 41, line: 1 });
    expect(after.humanDesign!.personality[1]).toMatchObject({ body: 'earth', gate: 31, line: 1 });
  });
});

function activations(gates: number[]): Activation[] {
  // Fills the 13 bodies with the given gates (line 1), repeating the last as needed.
  return HD_BODIES.map((body: HdBody, i) => ({
    body,
    gate: gates[Math.min(i, gates.length - 1)]!,
    line: 1,
    longitude: 0,
  }));
}

describe('type, authority and definition from channels', () => {
  const when = new Date('2000-01-01T00:00:00Z');
  it('no channel: Reflector, lunar authority, no definition', () => {
    const hd = analyseHumanDesign(activations([1, 3]), activations([5, 9]), when);
    expect(hd.type).toBe('Reflector');
    expect(hd.authority).toBe('lunar');
    expect(hd.definition).toBe('none');
    expect(hd.strategy).toBe('Wait a lunar cycle');
  });
  it('Sacral–Throat (20-34): Manifesting Generator with sacral authority', () => {
    const hd = analyseHumanDesign(activations([20]), activations([34]), when);
    expect(hd.type).toBe('Manifesting Generator');
    expect(hd.authority).toBe('sacral');
    expect(hd.definition).toBe('single');
  });
  it('Sacral not joined to the Throat (3-60): Generator', () => {
    expect(analyseHumanDesign(activations([3]), activations([60]), when).type).toBe('Generator');
  });
  it('Heart–Throat (21-45): Manifestor with ego authority', () => {
    const hd = analyseHumanDesign(activations([21]), activations([45]), when);
    expect(hd.type).toBe('Manifestor');
    expect(hd.authority).toBe('ego');
  });
  it('G–Throat (7-31): Projector, self-projected; Ajna–Head only (4-63): Projector, mental', () => {
    expect(analyseHumanDesign(activations([7]), activations([31]), when).authority).toBe('self-projected');
    const mental = analyseHumanDesign(activations([4]), activations([63]), when);
    expect(mental.type).toBe('Projector');
    expect(mental.authority).toBe('mental');
  });
  it('two unconnected channels make a split; emotional authority outranks the others', () => {
    const hd = analyseHumanDesign(activations([30, 4]), activations([41, 63]), when);
    expect(hd.definition).toBe('split');
    expect(hd.authority).toBe('emotional');
    expect(hd.type).toBe('Projector');
  });
  it('three and four groups: triple and quadruple split', () => {
    expect(analyseHumanDesign(activations([30, 4, 18]), activations([41, 63, 58]), when).definition).toBe(
      'split',
    );
    expect(analyseHumanDesign(activations([30, 4, 10]), activations([41, 63, 57]), when).definition).toBe(
      'triple split',
    );
    expect(
      analyseHumanDesign(activations([37, 4, 13, 3]), activations([40, 63, 33, 60]), when).definition,
    ).toBe('quadruple split');
  });
  it('profile angle: 4/1 is juxtaposition, 5/x and 6/x left angle, the rest right angle', () => {
    const withLines = (p: number, d: number) =>
      analyseHumanDesign(
        activations([1]).map((a) => ({ ...a, line: p })),
        activations([2]).map((a) => ({ ...a, line: d })),
        when,
      ).incarnationCross.angle;
    expect(withLines(4, 1)).toBe('juxtaposition');
    expect(withLines(5, 1)).toBe('left angle');
    expect(withLines(6, 2)).toBe('left angle');
    expect(withLines(1, 3)).toBe('right angle');
    expect(withLines(4, 6)).toBe('right angle');
  });
});

describe('published reference chart', () => {
  it('Barack Obama is a Projector', () => {
    // Birth data: Certificate of Live Birth, Honolulu, 4 August 1961, 7:24 PM (released by the White House,
    // 27 April 2011). Type: "Barack Obama – our Projector President's Human Design", thehumandesignsystem.com
    // (2016-12-19), which also speaks of his "deep emotional intelligence" (a defined Solar Plexus).
    const r = calculateChart(
      { birthDate: '1961-08-04', birthTime: '19:24', latitude: 21.3069, longitude: -157.8583 },
      { now: NOW },
    );
    const hd = r.humanDesign!;
    expect(r.timeZone).toBe('Pacific/Honolulu');
    expect(hd.type).toBe('Projector');
    expect(hd.authority).toBe('emotional');
    expect(hd.definedCentres).toContain('solarPlexus');
    // Not independently citable here, recorded so a change is noticed: 6/2, Left Angle Cross 33/19 | 2/1.
    expect(hd.profile).toBe('6/2');
    expect(hd.incarnationCross.gates).toEqual([33, 19, 2, 1]);
  });
  it('gives bodygraph data a front end can draw', () => {
    const r = calculateChart(
      { birthDate: '1961-08-04', birthTime: '19:24', latitude: 21.3069, longitude: -157.8583 },
      { now: NOW },
    );
    const bg = r.humanDesign!.bodygraph;
    expect(bg.centres).toHaveLength(9);
    expect(bg.channels.map((c) => c.gates)).toEqual([[30, 41]]);
    const gate30 = bg.gates.find((g) => g.gate === 30)!;
    expect(gate30.personality.map((p) => p.body)).toContain('southNode');
    expect(r.humanDesign!.interpretation.authority.length).toBeGreaterThan(20);
  });
});

/**
 * More published charts, each from a source that printed the results before this engine computed them. The
 * activations are compared in the standard column order of a Human Design chart (HD_BODIES: Sun, Earth,
 * North Node, South Node, Moon, Mercury … Pluto), as "gate.line".
 */
describe('published reference charts', () => {
  const gateLines = (activations: readonly Activation[]) => activations.map((a) => `${a.gate}.${a.line}`);
  const chartOf = (birthDate: string, birthTime: string, latitude: number, longitude: number) =>
    calculateChart({ birthDate, birthTime, latitude, longitude }, { now: NOW }).humanDesign!;
  const channelsOf = (hd: ReturnType<typeof chartOf>) =>
    hd.bodygraph.channels.map((c) => c.gates.join('-')).sort();

  it('Manifesting Generator 1/3, split, sacral: all 26 activations (Attleboro, 1992-10-03 00:03)', () => {
    // batelzeek36/Star_System_Sorter_React_Web, .gpt-4o-rules/my-hd.md: "Birth date (local): 10/3/1992, 00:03 …
    // Birth place: Attleboro, USA - Massachusetts", Manifesting Generator, 1-3, Split Definition, Sacral,
    // "Right Angle Cross of Tension 3", channels 29–46, 54–32, 13–33, and every planet's Gate.Line.
    const hd = chartOf('1992-10-03', '00:03', 41.9445, -71.2856);
    expect([hd.type, hd.authority, hd.profile, hd.definition]).toEqual([
      'Manifesting Generator',
      'sacral',
      '1/3',
      'split',
    ]);
    expect(channelsOf(hd)).toEqual(['13-33', '29-46', '32-54']);
    expect(hd.incarnationCross).toMatchObject({ angle: 'right angle', gates: [48, 21, 39, 38] });
    // Published rows in the source's own order: Sun, Earth, Moon, North Node, South Node, Mercury … Pluto.
    const order: HdBody[] = ['sun', 'earth', 'moon', 'northNode', 'southNode', 'mercury', 'venus', 'mars'];
    const inSourceOrder = (side: readonly Activation[]) =>
      gateLines(
        [...order, 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'].map((b) =>
          side.find((a) => a.body === b)!,
        ),
      );
    expect(inSourceOrder(hd.personality)).toEqual([
      '48.1',
      '21.1',
      '58.2',
      '11.3',
      '12.3',
      '32.3',
      '44.3',
      '39.2',
      '46.1',
      '19.5',
      '38.5',
      '54.2',
      '43.3',
    ]);
    expect(inSourceOrder(hd.design)).toEqual([
      '39.3',
      '38.3',
      '29.6',
      '10.3',
      '15.3',
      '33.1',
      '53.3',
      '2.1',
      '40.5',
      '13.5',
      '54.2',
      '54.3',
      '43.2',
    ]);
  });

  it('Generator 2/4, split, sacral: all 26 activations (Bengaluru, 1991-08-13 13:31)', () => {
    // Sheshiyer/webshore-witnessos-aleph, witnessos-engines/validation/shesh_human_design_verification.md,
    // "ACTUAL CHART DATA (REFERENCE TRUTH)": 13.08.1991 13:31 Asia/Kolkata, Bengaluru 12.9629°N 77.5775°E;
    // Generator, 2/4, Sacral, Split Definition, Right Angle Cross of Explanation (4/49 | 23/43), and two
    // tables of 13 Gate.Lines. The tables' values are in the standard column order (Sun, Earth, North Node,
    // South Node, Moon, Mercury … Pluto) although their rows are labelled Sun, Earth, Moon, Mercury … North
    // Node, South Node: e.g. the row labelled Pluto reads 38.1, but Pluto stood near 18° Scorpio in 1991, in
    // Gate 1 (the last value, 1.5). Read in the standard order, all 26 agree.
    const hd = chartOf('1991-08-13', '13:31', 12.9629, 77.5775);
    expect([hd.type, hd.authority, hd.profile, hd.definition]).toEqual([
      'Generator',
      'sacral',
      '2/4',
      'split',
    ]);
    expect(hd.incarnationCross).toMatchObject({ angle: 'right angle', gates: [4, 49, 23, 43] });
    expect(hd.personality.map((a) => a.body)).toEqual(HD_BODIES);
    expect(gateLines(hd.personality)).toEqual([
      '4.2',
      '49.2',
      '54.4',
      '53.4',
      '46.6',
      '59.5',
      '59.5',
      '47.1',
      '4.5',
      '41.1',
      '38.1',
      '38.6',
      '1.5',
    ]);
    expect(gateLines(hd.design)).toEqual([
      '23.4',
      '43.4',
      '54.6',
      '53.6',
      '24.4',
      '42.6',
      '52.1',
      '62.2',
      '31.5',
      '41.6',
      '38.5',
      '54.2',
      '43.1',
    ]);
  });

  it('Manifestor 5/1, single definition, emotional: channels 12-22 and 10-20 (Kushiro, 1976-12-08 01:38)', () => {
    // stellacodex/codex-collective-archive, common-system/01-system/chronogram-system/chronogram-prompts/
    // 00-esoteric-profiles/ep-int-profiles/ep-int-takeo-yamada.md: born 1976-12-08 01:38 in Kushiro, Hokkaido;
    // "5/1, Manifester … Authority: Emotional, Definition: Single, Active Channels: 12/22, 10/20, Defined
    // Centres: Throat/G/Solar Plexus".
    const hd = chartOf('1976-12-08', '01:38', 42.9849, 144.382);
    expect([hd.type, hd.authority, hd.profile, hd.definition]).toEqual([
      'Manifestor',
      'emotional',
      '5/1',
      'single',
    ]);
    expect(channelsOf(hd)).toEqual(['10-20', '12-22']);
    expect([...hd.definedCentres].sort()).toEqual(['g', 'solarPlexus', 'throat']);
  });

  it('Sandra Bullock is a Reflector (Arlington VA, 1964-07-26 03:15): no channel, no defined centre', () => {
    // Type: interiorcreature.com, "An Intro to Human Design | The Five Types | Reflectors" (2018-05-30):
    // "Sandra Bullock, famous Reflector". Birth time: astrostarblog.com (Archie Dunlop, 2010-04-07): "Every
    // reference to her horoscope that I have found gives her birth time as 3.15 am"; place: Arlington,
    // Virginia (mylifetime.com, "July 26, 1964: Actress Sandra Bullock Was Born"). The result holds for any
    // time from 01:50 to 08:05 that morning, so the exact minute does not decide it (it is a Projector at
    // midnight, which shows the test can fail).
    const hd = chartOf('1964-07-26', '03:15', 38.8816, -77.091);
    expect([hd.type, hd.authority, hd.definition]).toEqual(['Reflector', 'lunar', 'none']);
    expect(hd.bodygraph.channels).toEqual([]);
    expect(hd.definedCentres).toEqual([]);
    expect(chartOf('1964-07-26', '00:00', 38.8816, -77.091).type).toBe('Projector');
  });

  it('three charts checked against Bodygraph and GeneticMatrix (Fresno 1969, Haxtun 1986, Wheat Ridge 2016)', () => {
    // BenTyson/human, human-design-rebuild/docs/test-data.md, "VERIFIED RESULTS" (both calculators agree).
    // Crosses are written Personality Sun/Earth | Design Sun/Earth. The file's "Key Gates" lists call the
    // second and third numbers "Design Sun" and "Personality Earth", which cannot be: the Earth is always the
    // gate opposite the Sun (26 and 45, 14 and 8, 53 and 54 are opposite on the wheel), so the crosses are used.
    const dave = chartOf('1969-12-12', '22:12', 36.7378, -119.7871); // Fresno, California
    expect([dave.type, dave.authority, dave.profile, dave.definition]).toEqual([
      'Generator',
      'sacral',
      '5/1',
      'split',
    ]);
    // "Left Angle Cross of Confrontation (26/45 | 6/36)".
    expect(dave.incarnationCross).toMatchObject({ angle: 'left angle', gates: [26, 45, 6, 36] });

    const ben = chartOf('1986-11-17', '10:19', 40.6411, -102.6277); // Haxtun, Colorado
    expect([ben.type, ben.authority, ben.profile, ben.definition]).toEqual([
      'Manifesting Generator',
      'sacral',
      '1/3',
      'single',
    ]);
    // "Right Angle Cross of Contagion (14/8 | 29/30)".
    expect(ben.incarnationCross).toMatchObject({ angle: 'right angle', gates: [14, 8, 29, 30] });

    const elodi = chartOf('2016-07-10', '11:00', 39.7661, -105.0772); // Wheat Ridge, Colorado
    expect([elodi.type, elodi.authority, elodi.profile, elodi.definition]).toEqual([
      'Generator',
      'sacral',
      '4/1',
      'split',
    ]);
    // "Juxtaposition Cross of Beginnings (53/54 | 42/32)".
    expect(elodi.incarnationCross).toMatchObject({ angle: 'juxtaposition', gates: [53, 54, 42, 32] });
  });
});
