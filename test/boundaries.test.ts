import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary rule, run through the repository's real flat config against a small fixture tree
 * shaped like the repo: services/a, services/b, gateway, contracts, packages/service-runtime.
 */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'mer/service-boundaries';

let root: string;
let eslint: ESLint;

const fixtures: Record<string, string> = {
  'contracts/src/index.ts': `export const hello = 'hello';\n`,
  'packages/service-runtime/src/index.ts': `export const runtime = 1;\n`,
  'packages/service-runtime/src/testing/index.ts': `export const testing = 1;\n`,
  'packages/chart-engine/src/index.ts': `export const chart = 1;\n`,
  'packages/text-sanitiser/src/index.ts': `export const sanitise = 1;\n`,
  'services/b/src/index.ts': `export const b = 'b';\n`,
  'services/b/src/domain/rules.ts': `export const rule = 1;\n`,
  'gateway/src/index.ts': `export const gateway = 1;\n`,
  'infra/services.ts': `export const SERVICES = [];\n`,
};

async function write(relative: string, source: string): Promise<string> {
  const file = join(root, relative);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, source);
  return file;
}

/** Lints one fixture file and returns the boundary-rule messages. */
async function boundaryProblems(relative: string, source: string): Promise<Linter.LintMessage[]> {
  const file = await write(relative, source);
  const [result] = await eslint.lintFiles([file]);
  expect(result, `no lint result for ${relative}`).toBeDefined();
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, 'fixture failed to parse').toEqual([]);
  return result!.messages.filter((m) => m.ruleId === RULE);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mer-boundaries-'));
  for (const [relative, source] of Object.entries(fixtures)) await write(relative, source);
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

describe('mer/service-boundaries', () => {
  it('is registered in the repository config and rejects a package import of another service', async () => {
    const problems = await boundaryProblems(
      'services/a/src/routes/greeting.ts',
      `import { b } from '@mer/b';\nexport const x = b;\n`,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.severity).toBe(2);
    expect(problems[0]!.message).toContain('services talk only through contracts');
    expect(problems[0]!.message).toContain('@mer/b');
  });

  it('rejects a relative import that resolves into another service', async () => {
    const problems = await boundaryProblems(
      'services/a/src/routes/greeting.ts',
      `import { rule } from '../../../b/src/domain/rules.ts';\nexport const x = rule;\n`,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('services talk only through contracts');
    expect(problems[0]!.message).toContain('services/b');
  });

  it('rejects type-only, re-export and dynamic imports of another service too', async () => {
    const problems = await boundaryProblems(
      'services/a/src/app.ts',
      [
        `import type { b } from '@mer/b';`,
        `export * from '../../b/src/index.ts';`,
        `export const load = () => import('@mer/b');`,
        `export type B = typeof b;`,
        `export type C = import('@mer/b').B;`,
        '',
      ].join('\n'),
    );
    expect(problems).toHaveLength(4);
  });

  it('rejects relative imports into the gateway, front ends and infra', async () => {
    const problems = await boundaryProblems(
      'services/a/src/app.ts',
      [
        `import { gateway } from '../../../gateway/src/index.ts';`,
        `import { SERVICES } from '../../../infra/services.ts';`,
        `export const x = [gateway, SERVICES];`,
        '',
      ].join('\n'),
    );
    expect(problems.map((p) => p.message.includes('services talk only through contracts'))).toEqual([
      true,
      true,
    ]);
  });

  it('allows builtins, npm packages, its own files, contracts, the runtime, the chart engine and the sanitiser', async () => {
    const problems = await boundaryProblems(
      'services/a/src/app.ts',
      [
        `import { join } from 'node:path';`,
        `import { readFile } from 'fs/promises';`,
        `import { Type } from '@sinclair/typebox';`,
        `import { hello } from '@mer/contracts';`,
        `import { runtime } from '@mer/service-runtime';`,
        `import { chart } from '@mer/chart-engine';`,
        `import { sanitise } from '@mer/text-sanitiser';`,
        `import { rule } from './domain/rules.ts';`,
        `export const x = [join, readFile, Type, hello, runtime, chart, sanitise, rule];`,
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it('allows @mer/service-runtime/testing in tests only', async () => {
    const inTest = await boundaryProblems(
      'services/a/test/greeting.test.ts',
      `import { testing } from '@mer/service-runtime/testing';\nexport const x = testing;\n`,
    );
    expect(inTest).toEqual([]);
    const inSource = await boundaryProblems(
      'services/a/src/app.ts',
      `import { testing } from '@mer/service-runtime/testing';\nexport const x = testing;\n`,
    );
    expect(inSource).toHaveLength(1);
    expect(inSource[0]!.message).toContain('test files only');
  });

  it("allows the contracts' browser route table, the one public sub-entry of @mer/contracts", async () => {
    const problems = await boundaryProblems(
      'frontends/people/src/api/profile.ts',
      `import { profileOnboarding } from '@mer/contracts/browser';\nexport const x = profileOnboarding;\n`,
    );
    expect(problems).toEqual([]);
  });

  it('forbids deep imports into packages, by name or by relative path', async () => {
    const problems = await boundaryProblems(
      'services/a/src/app.ts',
      [
        `import { hello } from '@mer/contracts/src/index.ts';`,
        `import { runtime } from '../../../packages/service-runtime/src/index.ts';`,
        `export const x = [hello, runtime];`,
        '',
      ].join('\n'),
    );
    expect(problems).toHaveLength(2);
    for (const p of problems) expect(p.message).toContain('only through its root entry');
  });

  it('holds the gateway to contracts and the runtime', async () => {
    const problems = await boundaryProblems(
      'gateway/src/proxy.ts',
      [
        `import { b } from '@mer/b';`,
        `import { rule } from '../../services/b/src/domain/rules.ts';`,
        `import { hello } from '@mer/contracts';`,
        `import { runtime } from '@mer/service-runtime';`,
        `export const x = [b, rule, hello, runtime];`,
        '',
      ].join('\n'),
    );
    expect(problems).toHaveLength(2);
    for (const p of problems) expect(p.message).toContain('services talk only through contracts');
  });

  it('keeps shared packages from depending on services', async () => {
    const problems = await boundaryProblems(
      'packages/service-runtime/src/leak.ts',
      `import { b } from '@mer/b';\nimport { hello } from '@mer/contracts';\nexport const x = [b, hello];\n`,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('shared code');
  });
});
