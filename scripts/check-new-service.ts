/**
 * Proves that `npm run new:service` and `npm run new:remote` write a service and a micro-frontend that work: in
 * one throwaway copy of the repository (the tracked files plus working changes, node_modules linked from this
 * checkout), generates the service `example`, then typechecks it with its contracts, lints and format-checks what
 * the generator wrote or edited, regenerates the OpenAPI document and the browser route table (the remote's src/api calls the service through it) and runs the
 * contracts' checks, the deployment test and the generated service's own tests (real PostgreSQL, NATS and Redis
 * when they run here, else the embedded engines). Then generates the remote `example-web` calling that service,
 * typechecks it with the shell's route table (which reads its manifest), lints, format-checks and builds it and
 * runs its component test with the route table's. The copy is deleted afterwards. One copy for both: copying and
 * generating the service the remote calls is most of the time.
 *
 *   npm run check:new-service [-- --keep]     (a step of `npm test`; --keep leaves the copy for a look)
 *   npm run check:new-remote [-- --keep]      (the same check)
 *
 * A template that no longer compiles, lints, formats, builds or passes its own tests fails this.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectServers } from '@mer/service-runtime/testing';

const NAME = 'example';
/** The throwaway remote, calling the service NAME (a remote named like a service would clash with its package). */
const REMOTE = 'example-web';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Step {
  title: string;
  seconds: number;
  ok: boolean;
}

/** Runs a command in the copy, printing its output; returns whether it succeeded. */
function run(cwd: string, steps: Step[], title: string, command: string, args: string[]): boolean {
  console.log(`\n── new:service check: ${title} ──`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  steps.push({ title, seconds: (Date.now() - started) / 1000, ok });
  return ok;
}

/** The files git would commit now: tracked ones (as in the working tree) and new ones not ignored. */
function workingTreeFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout.split('\0').filter((f) => f !== '' && existsSync(join(repoRoot, f)));
}

async function copyRepository(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'mer-new-service-check-'));
  for (const file of workingTreeFiles()) {
    await mkdir(dirname(join(copy, file)), { recursive: true });
    await cp(join(repoRoot, file), join(copy, file), { verbatimSymlinks: true });
  }
  // Every installed package is linked from this checkout, except the workspaces (@mer/*): npm links those with
  // relative paths, so recreating the same links in the copy makes @mer/contracts, @mer/service-runtime and the
  // generated service resolve to the copy's files, not this checkout's.
  const modules = join(repoRoot, 'node_modules');
  await mkdir(join(copy, 'node_modules/@mer'), { recursive: true });
  for (const entry of await readdir(modules)) {
    if (entry === '@mer' || entry === '.vite' || entry === '.cache') continue;
    await symlink(join(modules, entry), join(copy, 'node_modules', entry));
  }
  for (const workspace of await readdir(join(modules, '@mer'))) {
    await symlink(
      await readlink(join(modules, '@mer', workspace)),
      join(copy, 'node_modules/@mer', workspace),
    );
  }
  return copy;
}

async function main(): Promise<number> {
  const keep = process.argv.includes('--keep');
  const started = Date.now();
  const steps: Step[] = [];
  const servers = await detectServers();
  const using = [
    servers.postgres ? 'PostgreSQL' : 'PGlite (embedded)',
    servers.nats ? 'NATS JetStream' : 'the embedded bus',
    servers.redis ? 'Redis' : 'the memory store',
  ];
  console.log(`new:service check: the generated service's tests use ${using.join(', ')}`);
  const copy = await copyRepository();
  console.log(
    `new:service check: repository copied to ${copy} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const node = process.execPath;
  const bin = (pkg: string, file: string) => join(copy, 'node_modules', pkg, file);
  const serviceDir = `services/${NAME}`;
  const remoteDir = `frontends/${REMOTE}`;
  const written = [
    serviceDir,
    `contracts/src/http/${NAME}.ts`,
    `contracts/src/events/${NAME}.ts`,
    'contracts/src/index.ts',
    'infra/services.ts',
    'infra/service-definitions.ts',
  ];
  let finished = false;
  try {
    const all = [
      () =>
        run(copy, steps, `npm run new:service -- ${NAME}`, node, [
          '--import',
          'tsx',
          'scripts/new-service.ts',
          NAME,
        ]),
      async () => {
        // What `npm install` does for a new workspace: link the package.
        await symlink(`../../${serviceDir}`, join(copy, 'node_modules/@mer', NAME));
        // The generated service, its contracts and what it imports; not the whole repository (other services'
        // types are the main typecheck's business, and would make this step several times slower).
        await writeFile(
          join(copy, 'tsconfig.generated.json'),
          JSON.stringify({
            extends: './tsconfig.base.json',
            include: [`${serviceDir}/src`, `${serviceDir}/test`, 'contracts', 'infra/services.ts'],
          }),
        );
        return true;
      },
      () =>
        run(copy, steps, 'typecheck', node, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.generated.json']),
      () => run(copy, steps, 'lint', node, [bin('eslint', 'bin/eslint.js'), ...written]),
      () =>
        run(copy, steps, 'format check', node, [
          bin('prettier', 'bin/prettier.cjs'),
          '--check',
          ...written,
          `k8s/${NAME}.yaml`,
          'k8s/gateway.yaml',
          'k8s/kustomization.yaml',
          'docker-compose.yml',
        ]),
      () =>
        run(copy, steps, 'npm run openapi', node, [
          '--import',
          'tsx',
          'contracts/scripts/generate-openapi.ts',
        ]),
      () =>
        run(copy, steps, 'npm run generate:browser-routes', node, [
          '--import',
          'tsx',
          'contracts/scripts/generate-browser-routes.ts',
        ]),
      () =>
        run(copy, steps, "the contracts' checks, the deployment test and the service's own tests", node, [
          bin('vitest', 'vitest.mjs'),
          'run',
          'contracts',
          'test/deployment.test.ts',
          serviceDir,
        ]),
      // The micro-frontend, calling the service just made.
      () =>
        run(copy, steps, `npm run new:remote -- ${REMOTE} --service ${NAME}`, node, [
          '--import',
          'tsx',
          'scripts/new-remote.ts',
          REMOTE,
          '--service',
          NAME,
        ]),
      async () => {
        await symlink(`../../${remoteDir}`, join(copy, 'node_modules/@mer', REMOTE));
        // The remote and the shell's route table that reads its manifest; not every front end.
        await writeFile(
          join(copy, 'frontends/tsconfig.generated.json'),
          JSON.stringify({
            extends: './tsconfig.json',
            include: [
              REMOTE,
              'shell/src/routes',
              '*.ts',
              'build',
              '../packages/chart-engine/src/astronomia.d.ts',
            ],
          }),
        );
        return true;
      },
      () =>
        run(copy, steps, 'remote: typecheck', node, [
          bin('typescript', 'bin/tsc'),
          '-p',
          'frontends/tsconfig.generated.json',
        ]),
      () => run(copy, steps, 'remote: lint', node, [bin('eslint', 'bin/eslint.js'), remoteDir]),
      () =>
        run(copy, steps, 'remote: format check', node, [
          bin('prettier', 'bin/prettier.cjs'),
          '--check',
          remoteDir,
        ]),
      () =>
        run(join(copy, remoteDir), steps, 'remote: build', node, [
          bin('vite', 'bin/vite.js'),
          'build',
          '--logLevel',
          'warn',
        ]),
      async () => {
        const built = existsSync(join(copy, remoteDir, 'dist/remoteEntry.js'));
        if (!built) console.error(`new:remote check: the build wrote no ${remoteDir}/dist/remoteEntry.js`);
        return built;
      },
      () =>
        run(copy, steps, "remote: its component test and the shell's route table", node, [
          bin('vitest', 'vitest.mjs'),
          'run',
          '--config',
          'frontends/vitest.config.ts',
          REMOTE,
          'shell/src/routes/route-table',
        ]),
    ];
    finished = true;
    for (const step of all) {
      if (!(await step())) {
        finished = false;
        break;
      }
    }
  } finally {
    if (keep) console.log(`\nnew:service check: the copy is kept at ${copy}`);
    else await rm(copy, { recursive: true, force: true });
  }
  const failed = steps.filter((s) => !s.ok);
  console.log('\nnew:service and new:remote check:');
  for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.title} (${s.seconds.toFixed(1)} s)`);
  console.log(`  took ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
  return finished && failed.length === 0 ? 0 : 1;
}

process.exitCode = await main();
