import { describe, expect, it } from 'vitest';
import { compatibility } from './compatibility.ts';

describe('compatibility', () => {
  it('explains sign harmony by element and modality', () => {
    const r = compatibility(
      { sunSign: 'Aries', moonSign: 'Cancer', risingSign: 'Leo', humanDesignGates: null },
      { sunSign: 'Sagittarius', moonSign: 'Libra', risingSign: 'Leo', humanDesignGates: null },
    );
    expect(r.reasons.map((x) => x.kind)).toEqual(['sun', 'moon', 'rising']);
    expect(r.reasons[0]!.text).toMatch(/share the fire element/);
    expect(r.reasons[1]!.text).toMatch(/both cardinal signs/);
    expect(r.reasons[2]!.text).toMatch(/both Leo/);
    expect(r.score).toBe(Math.round(((0.9 + 0.3 + 1) / 3) * 100));
  });
  it('skips what one side lacks', () => {
    const r = compatibility(
      { sunSign: 'Aries', moonSign: null, risingSign: null, humanDesignGates: null },
      { sunSign: 'Libra', moonSign: 'Cancer', risingSign: null, humanDesignGates: null },
    );
    expect(r.reasons).toHaveLength(1);
    expect(r.reasons[0]!.text).toMatch(/opposite signs/);
  });
  it('finds electromagnetic and companionship channels and shared/complementary definition', () => {
    const r = compatibility(
      { sunSign: 'Aries', moonSign: null, risingSign: null, humanDesignGates: [30, 20, 34, 4] },
      { sunSign: 'Aries', moonSign: null, risingSign: null, humanDesignGates: [41, 20, 34, 63, 1] },
    );
    const kinds = r.reasons.map((x) => x.kind);
    expect(kinds).toContain('electromagnetic');
    expect(kinds).toContain('companionship');
    const em = r.reasons.find((x) => x.kind === 'electromagnetic')!.text;
    expect(em).toMatch(/30-41 \(Recognition\)/);
    expect(em).toMatch(/4-63 \(Logic\)/);
    expect(r.reasons.find((x) => x.kind === 'companionship')!.text).toMatch(/20-34/);
    expect(r.reasons.find((x) => x.kind === 'shared-definition')!.text).toMatch(/Throat, Sacral/);
    expect(r.reasons.find((x) => x.kind === 'complementary-definition')!.text).toMatch(/Head, Ajna/);
    expect(r.score).toBeGreaterThan(50);
    expect(r.score).toBeLessThanOrEqual(100);
  });
});
