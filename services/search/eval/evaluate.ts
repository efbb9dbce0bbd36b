import { randomUUID } from 'node:crypto';
import type { SearchDeps } from '../src/deps.ts';
import { mean, ndcgAt, recallAt } from '../src/domain/evaluation.ts';
import { search } from '../src/use-cases/search.ts';
import type { GeneratedItem } from './community.ts';
import { LABELLED_QUERIES, type LabelledQuery } from './queries.ts';

/** nDCG@10 and recall@20 of one search mode over the labelled queries, overall and by kind of query. */
export interface EvaluationFigures {
  queries: number;
  ndcg10: number;
  recall20: number;
  byKind: Record<string, { queries: number; ndcg10: number; recall20: number }>;
}

export function relevantItems(items: readonly GeneratedItem[], q: LabelledQuery): Set<string> {
  return new Set(
    items
      .filter((i) => q.topics.includes(i.topic) && (!q.types || q.types.includes(i.type)))
      .map((i) => i.id),
  );
}

/** Runs every labelled query through the search use case (plain or AI) as a member with no blocks. */
export async function evaluate(
  deps: SearchDeps,
  items: readonly GeneratedItem[],
  ai: boolean,
  queries: readonly LabelledQuery[] = LABELLED_QUERIES,
): Promise<EvaluationFigures> {
  const viewer = randomUUID();
  const rows: { kind: string; ndcg: number; recall: number }[] = [];
  for (const q of queries) {
    const { results } = await search(deps, viewer, {
      q: `${q.query} `,
      ai,
      ...(q.types ? { types: [...q.types] } : {}),
    });
    const ranked = results.map((r) => r.id);
    const relevant = relevantItems(items, q);
    rows.push({ kind: q.kind, ndcg: ndcgAt(10, ranked, relevant), recall: recallAt(20, ranked, relevant) });
  }
  const byKind: EvaluationFigures['byKind'] = {};
  for (const kind of new Set(rows.map((r) => r.kind))) {
    const of = rows.filter((r) => r.kind === kind);
    byKind[kind] = {
      queries: of.length,
      ndcg10: mean(of.map((r) => r.ndcg)),
      recall20: mean(of.map((r) => r.recall)),
    };
  }
  return {
    queries: rows.length,
    ndcg10: mean(rows.map((r) => r.ndcg)),
    recall20: mean(rows.map((r) => r.recall)),
    byKind,
  };
}
