import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApi } from './scripts/generate-openapi.ts';
import { allEvents, allRoutes, SUBJECT_PATTERN } from './src/index.ts';

describe('contracts', () => {
  it('the committed OpenAPI document matches the code (run `npm run openapi` after changing a contract)', async () => {
    const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '');
    expect(committed, 'contracts/openapi.json is out of date: run npm run openapi').toBe(renderOpenApi());
  });

  it('names every event by the subject rule and never twice', () => {
    const subjects = allEvents.map((e) => e.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const s of subjects) expect(s).toMatch(SUBJECT_PATTERN);
  });

  it('gives every route a unique method and path under its service prefix', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of allRoutes) expect(r.path.startsWith(`/api/v1/${r.service}/`)).toBe(true);
  });
});
