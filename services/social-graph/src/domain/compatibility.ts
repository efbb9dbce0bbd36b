import { compatibility, SIGNS, type CompatibilityChart, type ZodiacSign } from '@mer/chart-engine';
import type { MemberChart } from '../db/tables.ts';

/** A stored chart summary as the chart engine reads it; null when it names no known sun sign. */
export function toCompatibilityChart(chart: MemberChart | null): CompatibilityChart | null {
  if (!chart || !isSign(chart.sunSign)) return null;
  return {
    sunSign: chart.sunSign,
    moonSign: isSign(chart.moonSign) ? chart.moonSign : null,
    risingSign: isSign(chart.risingSign) ? chart.risingSign : null,
    humanDesignGates: chart.humanDesignGates,
  };
}

/** Score and reasons for two shared charts (the chart engine's, the same as profile-onboarding shows). */
export function chartCompatibility(a: MemberChart | null, b: MemberChart | null) {
  const ca = toCompatibilityChart(a);
  const cb = toCompatibilityChart(b);
  if (!ca || !cb) return null;
  const result = compatibility(ca, cb);
  return { score: Math.round(result.score), reasons: result.reasons.map((r) => r.text) };
}

function isSign(value: string | null): value is ZodiacSign {
  return value !== null && (SIGNS as readonly string[]).includes(value);
}
