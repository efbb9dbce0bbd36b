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

describe('front-end components and pages', () => {
  const transport = /components and pages never call the API themselves/;

  it('never import the transport or the route table', async () => {
    expect(
      await layerProblems(
        'frontends/people/src/components/Card.tsx',
        `import { call, toApiError } from '@mer/api-client';\nimport { profileOnboarding } from '@mer/contracts/browser';\nexport const y = [call, toApiError, profileOnboarding];\n`,
      ),
    ).toEqual([expect.stringMatching(transport), expect.stringMatching(transport)]);
    expect(
      await layerProblems(
        'frontends/people/src/pages/Page.tsx',
        `import { apiRequest } from '@mer/api-client';\nexport const y = apiRequest;\n`,
      ),
    ).toEqual([expect.stringMatching(transport)]);
    expect(
      await layerProblems(
        'frontends/people/src/components/deep/Lazy.tsx',
        `export const load = () => import('@mer/api-client');\n`,
      ),
    ).toEqual([expect.stringMatching(transport)]);
  });

  it("use their remote's src/api/, the session, errors and types", async () => {
    expect(
      await layerProblems(
        'frontends/people/src/pages/Page.tsx',
        [
          `import type { BrowserRoute } from '@mer/contracts/browser';`,
          `import { toApiError, useSessionStore } from '@mer/api-client';`,
          `import { useMyProfile } from '../api/profile.ts';`,
          `export const y: unknown[] = [toApiError, useSessionStore, useMyProfile] satisfies unknown[] as BrowserRoute[];`,
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('leaves src/api/ and tests alone', async () => {
    const source = `import { call } from '@mer/api-client';\nimport { billing } from '@mer/contracts/browser';\nexport const y = [call, billing];\n`;
    expect(await layerProblems('frontends/onboarding/src/api/billing.ts', source)).toEqual([]);
    expect(await layerProblems('frontends/onboarding/src/components/Plan.test.ts', source)).toEqual([]);
  });
});
