import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The layer rule, through the repository's real flat config, on a fixture service. */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'mer/layers';

let root: string;
let eslint: ESLint;

async function layerProblems(relative: string, source: string): Promise<string[]> {
  const file = join(root, relative);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, source);
  const [result] = await eslint.lintFiles([file]);
  expect(
    result!.messages.filter((m) => m.fatal),
    'fixture failed to parse',
  ).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mer-layers-'));
  for (const f of [
    'db/greetings.repository.ts',
    'adapters/mailer.ts',
    'use-cases/greet.ts',
    'domain/rules.ts',
  ])
    await mkdir(dirname(join(root, 'services/a/src', f)), { recursive: true }).then(() =>
      writeFile(join(root, 'services/a/src', f), 'export const x = 1;\n'),
    );
  const configModule = (await import(pathToFileURL(join(repoRoot, 'eslint.config.js')).href)) as {
    createConfig(root: string): Linter.Config[];
  };
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: configModule.createConfig(root),
  });
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('routes', () => {
  it('never import db/, and may import use cases', async () => {
    expect(
      await layerProblems(
        'services/a/src/routes/greetings.ts',
        `import { x } from '../db/greetings.repository.ts';\nexport const y = x;\n`,
      ),
    ).toEqual([expect.stringMatching(/routes are thin and never import db\//)]);
    expect(
      await layerProblems(
        'services/a/src/routes/ok.ts',
        `import { x } from '../use-cases/greet.ts';\nexport const y = x;\n`,
      ),
    ).toEqual([]);
  });
});

describe('domain', () => {
  it('does no I/O: no fs, worker threads, network, database driver, db/ or adapters/', async () => {
    for (const source of [
      "'node:fs'",
      "'fs/promises'",
      "'node:worker_threads'",
      "'node:http'",
      "'pg'",
      "'kysely'",
      "'../db/greetings.repository.ts'",
      "'../adapters/mailer.ts'",
    ]) {
      const problems = await layerProblems(
        'services/a/src/domain/bad.ts',
        `import * as m from ${source};\nexport const y = m;\n`,
      );
      expect(
        problems.some((p) => /domain\/ holds rules and does no I\/O/.test(p)),
        source,
      ).toBe(true);
    }
  });

  it('may compute: crypto, url, other domain files, type-only imports', async () => {
    expect(
      await layerProblems(
        'services/a/src/domain/ok.ts',
        `import { createHash } from 'node:crypto';\nimport type { Kysely } from 'kysely';\nimport { x } from './rules.ts';\nexport const y = [createHash, x] as unknown as Kysely<unknown>;\n`,
      ),
    ).toEqual([]);
  });
});

describe('SQL', () => {
  it("imports kysely's values only in db/; type imports anywhere", async () => {
    expect(
      await layerProblems(
        'services/a/src/use-cases/raw.ts',
        `import { sql, type Kysely } from 'kysely';\nexport const y: unknown = [sql] as unknown as Kysely<unknown>;\n`,
      ),
    ).toEqual([expect.stringMatching(/only db\/ speaks SQL; import 'sql'/)]);
    expect(
      await layerProblems(
        'services/a/src/db/raw.repository.ts',
        `import { sql } from 'kysely';\nexport const y = sql;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerProblems(
        'services/a/src/use-cases/typed.ts',
        `import type { Kysely } from 'kysely';\nexport type Y = Kysely<unknown>;\n`,
      ),
    ).toEqual([]);
  });

  it('leaves tests alone', async () => {
    expect(
      await layerProblems(
        'services/a/test/raw.test.ts',
        `import { sql } from 'kysely';\nexport const y = sql;\n`,
      ),
    ).toEqual([]);
  });
});
