import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import {
  choosePort,
  generateService,
  insertAboveMarker,
  nameProblem,
  rewriteImports,
  serviceNames,
  substituteNames,
  TEMPLATE_DIR,
} from '../scripts/new-service.ts';

/**
 * The generator's rules, and a real run on a copy of the files it edits. (Type-checking, linting and
 * testing the generated service needs a whole repository copy: scripts/check-new-service.ts, a step of
 * `npm test`.)
 */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const EDITED = [
  'contracts/src/index.ts',
  'infra/services.ts',
  'infra/service-definitions.ts',
  'docker-compose.yml',
  'k8s/gateway.yaml',
  'k8s/kustomization.yaml',
];
/** Read by the generator: dependency versions and the formatting rules. */
const SUPPORT = [
  'package.json',
  'packages/service-runtime/package.json',
  'contracts/package.json',
  '.prettierrc.json',
  '.prettierignore',
];
const temps: string[] = [];

async function copyOfEditedFiles(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'mer-new-service-'));
  temps.push(root);
  for (const file of [...EDITED, ...SUPPORT]) await cp(join(repoRoot, file), join(root, file));
  return root;
}

afterAll(async () => {
  for (const t of temps) await rm(t, { recursive: true, force: true });
});

describe('names', () => {
  it('accepts kebab-case words and refuses the rest', () => {
    for (const ok of ['billing', 'community-feed', 'events-circles']) expect(nameProblem(ok)).toBeUndefined();
    for (const bad of [
      'Billing',
      'community_feed',
      'community--feed',
      '-feed',
      'feed-',
      'feed2',
      '',
      'a b',
    ]) {
      expect(nameProblem(bad), bad).toMatch(/not a kebab-case/);
    }
    expect(nameProblem('gateway')).toMatch(/reserved/);
  });

  it('derives the identifiers used in code, schemas and env', () => {
    expect(serviceNames('community-feed')).toEqual({
      name: 'community-feed',
      camel: 'communityFeed',
      pascal: 'CommunityFeed',
      schema: 'community_feed',
      upper: 'COMMUNITY_FEED',
    });
  });
});

describe('ports', () => {
  const table = {
    services: [{ name: 'identity', port: 4001, dir: 'services/identity' }],
    gatewayPort: 8080,
    reserved: { identity: 4001, billing: 4003, admin: 4010 },
  };
  it('gives a planned service its reserved port, and a new one the next port after every reserved one', () => {
    expect(choosePort('billing', table)).toBe(4003);
    expect(choosePort('mood-journal', table)).toBe(4011);
    expect(
      choosePort('mood-journal', {
        ...table,
        services: [...table.services, { name: 'x', port: 4011, dir: '' }],
      }),
    ).toBe(4012);
  });
});

describe('marker insertion', () => {
  const file = 'a\n  // marker\nb';
  const insertion = { file: 'f', marker: '// marker', block: '  x,' };
  it('inserts above the marker once', () => {
    const once = insertAboveMarker(file, insertion);
    expect(once).toBe('a\n  x,\n  // marker\nb');
    expect(insertAboveMarker(once, insertion)).toBe(once);
  });
  it('fails loudly when the marker is gone', () => {
    expect(() => insertAboveMarker('a\nb', insertion)).toThrow(/marker line/);
  });
});

describe('the template', () => {
  const n = serviceNames('community-feed');
  it('replaces every form of the placeholder and the port', () => {
    const text =
      'stencil-demo stencilDemoService StencilDemoDeps stencil_demo SERVICE_URL_STENCIL_DEMO PORT=4999 49990';
    expect(substituteNames(text, 'f', n, 4004)).toBe(
      'community-feed communityFeedService CommunityFeedDeps community_feed SERVICE_URL_COMMUNITY_FEED PORT=4004 49990',
    );
  });

  it('refuses a spelling of the placeholder that is none of its forms, naming the line', () => {
    expect(() => substituteNames('ok\nthe Stencil-demo service', 'src/app.ts', n, 4004)).toThrow(
      /template src\/app\.ts: line 2 spells the placeholder/,
    );
    expect(() => substituteNames('stencildemo', 'f', n, 4004)).toThrow(/placeholder/);
  });

  it('points imports at @mer/contracts and at the same repository files from where the copy lands', () => {
    const from = join(TEMPLATE_DIR, 'services/stencil-demo/src/routes/greetings.ts');
    const text = [
      "import { stencilDemoRoutes } from '../../../../mer-contracts.ts';",
      "import type { StencilDemoDeps } from '../deps.ts';",
      "export * from '../../../../../../../contracts/src/http/common.ts';",
      "import { x } from 'node:path';",
    ].join('\n');
    expect(rewriteImports(text, from, 'services/community-feed/src/routes/greetings.ts', TEMPLATE_DIR)).toBe(
      [
        "import { stencilDemoRoutes } from '@mer/contracts';",
        "import type { StencilDemoDeps } from '../deps.ts';",
        "export * from '../../../../contracts/src/http/common.ts';",
        "import { x } from 'node:path';",
      ].join('\n'),
    );
  });

  it('stops before writing anything when a template file spells the placeholder wrongly', async () => {
    const root = await copyOfEditedFiles();
    const templateDir = await mkdtemp(join(tmpdir(), 'mer-template-'));
    temps.push(templateDir);
    await cp(TEMPLATE_DIR, templateDir, { recursive: true });
    await writeFile(join(templateDir, 'services/stencil-demo/src/typo.ts'), '// the Stencil service\n');
    await expect(generateService({ root, name: 'generator-probe', templateDir })).rejects.toThrow(
      /services\/stencil-demo\/src\/typo\.ts: line 1/,
    );
    expect(existsSync(join(root, 'services/generator-probe'))).toBe(false);
  });
});

describe('a run on the repository files', () => {
  it('finds every marker in the real repository (dry run, nothing written)', async () => {
    const result = await generateService({ root: repoRoot, name: 'generator-probe', dryRun: true });
    expect(result.edited.sort()).toEqual([...EDITED].sort());
    expect(existsSync(join(repoRoot, 'services/generator-probe'))).toBe(false);
  });

  it('scaffolds a service, registers it everywhere, and refuses a second run', async () => {
    const root = await copyOfEditedFiles();
    const result = await generateService({ root, name: 'generator-probe' });
    for (const f of result.created) {
      expect(existsSync(join(root, f)), f).toBe(true);
      expect(await readFile(join(root, f), 'utf8'), f).not.toMatch(/stencil|mer-contracts|\b4999\b/i);
    }
    expect(result.created).toContain('services/generator-probe/src/deps.ts');
    expect(result.created).toContain(
      'services/generator-probe/src/events/handlers/identity.user.deleted.v1.ts',
    );
    expect(result.created).not.toContain('README.md');
    const pkg = JSON.parse(await readFile(join(root, 'services/generator-probe/package.json'), 'utf8'));
    const rootPkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
    const runtimePkg = JSON.parse(
      await readFile(join(repoRoot, 'packages/service-runtime/package.json'), 'utf8'),
    );
    expect(pkg.name).toBe('@mer/generator-probe');
    expect(pkg.dependencies.tsx).toBe(rootPkg.devDependencies.tsx);
    expect(pkg.dependencies.kysely).toBe(runtimePkg.dependencies.kysely);
    const handler = await readFile(
      join(root, 'services/generator-probe/src/events/handlers/identity.user.deleted.v1.ts'),
      'utf8',
    );
    expect(handler).toContain("import { UserDeleted } from '@mer/contracts';");
    expect(handler).toContain('erasesMember: true');
    const routes = await readFile(join(root, 'contracts/src/http/generator-probe.ts'), 'utf8');
    expect(routes).toContain("import { defineRoutes } from './route.ts';");
    expect(routes).toContain("export const generatorProbeRoutes = defineRoutes('generator-probe', {");
    expect(await readFile(join(root, 'services/generator-probe/.env.example'), 'utf8')).toContain(
      `PORT=${result.port}\n`,
    );

    const compose = parse(await readFile(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
    expect(compose.services['generator-probe'].environment.PORT).toBe(result.port);
    expect(compose.services.gateway.environment.SERVICE_URL_GENERATOR_PROBE).toBe(
      `http://generator-probe:${result.port}`,
    );
    expect(compose.services.gateway.depends_on['generator-probe']).toEqual({ condition: 'service_healthy' });

    const manifest = parseAllDocuments(await readFile(join(root, 'k8s/generator-probe.yaml'), 'utf8')).map(
      (d) => d.toJS(),
    );
    expect(manifest.map((o) => o.kind)).toEqual(['Deployment', 'Service']);
    const kustomization = parse(await readFile(join(root, 'k8s/kustomization.yaml'), 'utf8'));
    expect(kustomization.resources).toContain('generator-probe.yaml');
    expect(kustomization.resources.at(-1)).toBe('gateway.yaml');

    const contracts = await readFile(join(root, 'contracts/src/index.ts'), 'utf8');
    expect(contracts).toContain("  'generator-probe': generatorProbeRoutes,");
    expect(contracts).toContain('  ...generatorProbeEvents,');
    const definitions = await readFile(join(root, 'infra/service-definitions.ts'), 'utf8');
    expect(definitions).toContain("import { generatorProbeService } from '@mer/generator-probe';");
    expect(await readFile(join(root, 'infra/services.ts'), 'utf8')).toContain(
      `{ name: 'generator-probe', port: ${result.port}, dir: 'services/generator-probe' },`,
    );

    const before = await Promise.all(EDITED.map((f) => readFile(join(root, f), 'utf8')));
    await expect(generateService({ root, name: 'generator-probe' })).rejects.toThrow(/already exists/);
    const after = await Promise.all(EDITED.map((f) => readFile(join(root, f), 'utf8')));
    expect(after).toEqual(before);
  });
});
