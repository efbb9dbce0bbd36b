/*
 * Ranking quality measures of the search evaluation (binary relevance): nDCG@k and recall@k, as in the IR
 * literature (Järvelin and Kekäläinen 2002; gain 1 for a relevant item, discount log2(rank + 1)).
 */

export function ndcgAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  if (relevant.size === 0) return 0;
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}

/** The share of the relevant items found in the first k, out of at most k findable (so 1 is reachable). */
export function recallAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  if (relevant.size === 0) return 0;
  const found = ranked.slice(0, k).filter((id) => relevant.has(id)).length;
  return found / Math.min(k, relevant.size);
}

export const mean = (values: readonly number[]): number =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
