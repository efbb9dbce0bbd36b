import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
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
  serviceNames,
} from '../scripts/new-service.ts';

/**
 * The generator's rules, and a real run on a copy of the files it edits. (Type-checking and
 * testing the generated service needs a whole repository copy: docs/adding-a-service.md.)
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
const temps: string[] = [];

async function copyOfEditedFiles(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'mer-new-service-'));
  temps.push(root);
  for (const file of [...EDITED, 'package.json']) await cp(join(repoRoot, file), join(root, file));
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

describe('a run on the repository files', () => {
  it('finds every marker in the real repository (dry run, nothing written)', async () => {
    const result = await generateService({ root: repoRoot, name: 'generator-probe', dryRun: true });
    expect(result.edited.sort()).toEqual([...EDITED].sort());
    expect(existsSync(join(repoRoot, 'services/generator-probe'))).toBe(false);
  });

  it('scaffolds a service, registers it everywhere, and refuses a second run', async () => {
    const root = await copyOfEditedFiles();
    const result = await generateService({ root, name: 'generator-probe' });
    for (const f of result.created) expect(existsSync(join(root, f)), f).toBe(true);
    const pkg = JSON.parse(await readFile(join(root, 'services/generator-probe/package.json'), 'utf8'));
    const rootPkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.dependencies.tsx).toBe(rootPkg.devDependencies.tsx);

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
