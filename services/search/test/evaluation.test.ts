import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '@mer/service-runtime';
import { createTestInfra, createTokenIssuer, type TestInfra } from '@mer/service-runtime/testing';
import { createSearchDeps, type SearchDeps } from '../src/deps.ts';
import { searchService } from '../src/index.ts';
import { indexDocument } from '../src/use-cases/read-model.ts';
import { generateCommunity, type GeneratedItem } from '../eval/community.ts';
import { evaluate } from '../eval/evaluate.ts';
import { LABELLED_QUERIES } from '../eval/queries.ts';

// The search evaluation: the generated community indexed into a fresh search schema, every labelled query run
// through plain and AI search. AI search must beat plain search on nDCG@10 and recall@20.
let infra: TestInfra;
let deps: SearchDeps;
let items: GeneratedItem[];

async function start() {
  const tokens = await createTokenIssuer();
  return startService(searchService, {
    ...infra,
    schema: infra.schemaFor('search-eval'),
    verifier: tokens.verifier,
    env: {},
  });
}
let service: Awaited<ReturnType<typeof start>>;

beforeAll(async () => {
  infra = await createTestInfra();
  service = await start();
  deps = createSearchDeps(service.context);
  items = generateCommunity();
  const now = new Date();
  await deps.transaction(async (tx) => {
    for (const item of items)
      await indexDocument(tx, {
        id: item.id,
        type: item.type,
        ownerId: item.ownerId,
        title: item.title,
        description: item.description,
        category: item.category,
        location: item.location,
        imageUrl: null,
        url: `/${item.type}/${item.id}`,
        startsAt: item.startsAt,
        createdAt: item.createdAt,
        visible: true,
        sourceAt: now,
      });
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

describe('search evaluation', () => {
  it('has at least 200 labelled queries', () => {
    expect(LABELLED_QUERIES.length).toBeGreaterThanOrEqual(200);
  });

  it('AI search beats plain search on nDCG@10 and recall@20', async () => {
    const plain = await evaluate(deps, items, false);
    const ai = await evaluate(deps, items, true);
    console.log(JSON.stringify({ items: items.length, plain, ai }, null, 2));
    expect(ai.ndcg10).toBeGreaterThan(plain.ndcg10);
    expect(ai.recall20).toBeGreaterThan(plain.recall20);
  }, 120_000);
});
