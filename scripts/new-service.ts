/**
 * Scaffolds a new MER service the same way every time:
 *
 *   npm run new:service -- <name> [--port <port>] [--dry-run]
 *
 * Copies the service template (scripts/templates/service/: a complete service in the one service shape, compiled
 * and linted with the repository) with the new name: services/<name>/, its contracts (contracts/src/http/<name>.ts,
 * contracts/src/events/<name>.ts) and k8s/<name>.yaml. Then registers it: contracts/src/index.ts, its port in
 * infra/services.ts, infra/service-definitions.ts, docker-compose.yml, the gateway's SERVICE_URL_<NAME> in
 * k8s/gateway.yaml and k8s/kustomization.yaml. Existing files are edited only at their
 * `new:service` marker lines, so a second run never duplicates anything; a name that already
 * exists anywhere is refused before anything is written. docs/adding-a-service.md is the checklist.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

export interface ServiceNames {
  /** kebab-case: folder, package suffix, URL segment, subject prefix. */
  name: string;
  /** camelCase: `${camel}Service`, `${camel}Routes`, `${camel}Events`. */
  camel: string;
  /** PascalCase: type and schema prefixes. */
  pascal: string;
  /** The Postgres schema (underscores). */
  schema: string;
  /** UPPER_SNAKE for env names: SERVICE_URL_<upper>. */
  upper: string;
}

/** Lower-case words joined by single hyphens; letters only, because event subjects allow no digits. */
export const SERVICE_NAME_PATTERN = /^[a-z]+(-[a-z]+)*$/;
const MAX_NAME_LENGTH = 40;
/** Names that are folders, packages or words of the platform itself. */
const TAKEN_NAMES = new Set([
  'gateway',
  'contracts',
  'service-runtime',
  'runtime',
  'infra',
  'frontends',
  'packages',
  'services',
  'test',
  'scripts',
  'api',
  'ws',
  'mer',
]);

export function serviceNames(name: string): ServiceNames {
  const words = name.split('-');
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return {
    name,
    camel: pascal[0]!.toLowerCase() + pascal.slice(1),
    pascal,
    schema: words.join('_'),
    upper: words.join('_').toUpperCase(),
  };
}

/** Why a name cannot be used (undefined when it can). Existence checks are separate. */
export function nameProblem(name: string): string | undefined {
  if (!SERVICE_NAME_PATTERN.test(name)) {
    return `'${name}' is not a kebab-case service name: lower-case letters in words joined by single hyphens (e.g. community-feed)`;
  }
  if (name.length > MAX_NAME_LENGTH) return `'${name}' is longer than ${MAX_NAME_LENGTH} characters`;
  if (TAKEN_NAMES.has(name)) return `'${name}' is reserved by the platform`;
  return undefined;
}

interface PortTable {
  services: readonly { name: string; port: number; dir: string }[];
  gatewayPort: number;
  reserved: Readonly<Record<string, number>>;
}

/** The service's reserved port when it has one, else the first port after every taken or reserved one. */
export function choosePort(name: string, table: PortTable): number {
  const taken = new Set([...table.services.map((s) => s.port), table.gatewayPort]);
  const reserved = table.reserved[name];
  if (reserved !== undefined && !taken.has(reserved)) return reserved;
  const blocked = new Set([...taken, ...Object.values(table.reserved)]);
  let port = Math.max(4000, ...[...blocked].filter((p) => p < table.gatewayPort)) + 1;
  while (blocked.has(port)) port++;
  return port;
}

// ---------------------------------------------------------------------------------------------
// Edits of existing files: insert lines just above a marker line, once.

export interface MarkerInsertion {
  file: string;
  /** Text of the marker line (trimmed); the inserted block takes the marker's indentation as written. */
  marker: string;
  /** Lines to insert, already indented. */
  block: string;
}

/** Inserts block above the marker; unchanged when the block is already there. Throws when the marker is missing. */
export function insertAboveMarker(text: string, insertion: MarkerInsertion): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.trim() === insertion.marker);
  if (at < 0) throw new Error(`${insertion.file}: marker line '${insertion.marker}' not found`);
  const blockLines = insertion.block.replace(/\n$/, '').split('\n');
  const before = lines.slice(0, at);
  const tail = before.slice(before.length - blockLines.length);
  if (text.includes(insertion.block.replace(/\n$/, ''))) return text;
  if (tail.join('\n') === blockLines.join('\n')) return text;
  return [...before, ...blockLines, ...lines.slice(at)].join('\n');
}

/** Adds an import line after the file's last import; unchanged when it is there already. */
export function insertImport(text: string, file: string, importLine: string): string {
  if (text.split('\n').some((l) => l.trim() === importLine)) return text;
  const lines = text.split('\n');
  let last = -1;
  lines.forEach((l, i) => {
    if (/^(import\s.*|\}\s*)from\s+'[^']+';\s*$/.test(l) || /^import\s+'[^']+';\s*$/.test(l)) last = i;
  });
  if (last < 0) throw new Error(`${file}: no import statement to add '${importLine}' after`);
  return [...lines.slice(0, last + 1), importLine, ...lines.slice(last + 1)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The template: scripts/templates/service/ is a complete service named `stencil-demo`, compiled and linted with
// the rest of the repository. Its files land at the same paths, with the placeholder's forms replaced.

/** The folder of the service template, next to this script. */
export const TEMPLATE_DIR = fileURLToPath(new URL('./templates/service/', import.meta.url));

/** The template's name in its five forms (see scripts/templates/service/README.md). */
export const PLACEHOLDER = serviceNames('stencil-demo');
/** The port the template's README, .env.example, Dockerfile and k8s manifest show. */
export const PLACEHOLDER_PORT = 4999;
/** Stands for `@mer/contracts` in the template; imports of it become `@mer/contracts`. */
const CONTRACTS_STAND_IN = 'mer-contracts.ts';
/** Files of the template folder that describe or support the template and are never copied. */
const TEMPLATE_ONLY = new Set(['README.md', CONTRACTS_STAND_IN]);
const CODE_FILE = /\.[cm]?tsx?$/;

/** Every placeholder form, longest first where one contains another, with what replaces it. */
function substitutions(n: ServiceNames): [RegExp, string][] {
  const p = PLACEHOLDER;
  return [
    [new RegExp(p.name, 'g'), n.name],
    [new RegExp(p.schema, 'g'), n.schema],
    [new RegExp(p.upper, 'g'), n.upper],
    [new RegExp(p.pascal, 'g'), n.pascal],
    [new RegExp(p.camel, 'g'), n.camel],
  ];
}

/**
 * Replaces the placeholder's forms by the service's. A spelling of the placeholder that is none of its forms
 * (`Stencil-demo`, `stencildemo`) would leak into the service: refused, naming the file.
 */
export function substituteNames(text: string, file: string, n: ServiceNames, port: number): string {
  let stripped = text;
  for (const [form] of substitutions(PLACEHOLDER)) stripped = stripped.replace(form, '');
  const stray = /stencil/i.exec(stripped);
  if (stray) {
    const line = stripped.slice(0, stray.index).split('\n').length;
    throw new Error(`template ${file}: line ${line} spells the placeholder in none of its forms`);
  }
  let out = text;
  for (const [form, value] of substitutions(n)) out = out.replace(form, value);
  return out.replace(new RegExp(`\\b${PLACEHOLDER_PORT}\\b`, 'g'), String(port));
}

/**
 * Rewrites the relative imports of a template file for where its copy lands: the contracts stand-in becomes
 * `@mer/contracts`, and a path to a file of the repository outside the template points at the same file from the new
 * place. Import paths are found by TypeScript's own pre-processor.
 */
export function rewriteImports(
  text: string,
  templateFile: string,
  destination: string,
  templateDir: string,
  /** Template files that stand for a package (file name in the template folder → package specifier). */
  standIns: Record<string, string> = { [CONTRACTS_STAND_IN]: '@mer/contracts' },
): string {
  const packageOf = new Map(Object.entries(standIns).map(([file, pkg]) => [join(templateDir, file), pkg]));
  // The template sits at scripts/templates/service/ of the repository its outside imports point into.
  const templateRepo = resolve(templateDir, '..', '..', '..');
  const imports = ts.preProcessFile(text, true, true).importedFiles;
  let out = '';
  let at = 0;
  for (const { fileName, pos } of imports) {
    if (!fileName.startsWith('.')) continue;
    // pos is the opening quote of the module name.
    const quote = text[pos];
    if ((quote !== "'" && quote !== '"') || text.slice(pos + 1, pos + 1 + fileName.length) !== fileName) {
      throw new Error(
        `template ${relative(templateDir, templateFile)}: cannot locate the import '${fileName}'`,
      );
    }
    const target = resolve(dirname(templateFile), fileName);
    let specifier = fileName;
    const standIn = packageOf.get(target);
    if (standIn) specifier = standIn;
    else if (!isInside(templateDir, target)) {
      // A file of the repository: the same file, seen from where the copy lands.
      specifier = relative(dirname(destination), relative(templateRepo, target)).split(sep).join('/');
      if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    }
    // (A file of the template keeps its path: the tree lands as it is, and the names in the path are replaced.)
    out += text.slice(at, pos + 1) + specifier;
    at = pos + 1 + fileName.length;
  }
  return out + text.slice(at);
}

function isInside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

export async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full, base)));
    else if (entry.isFile()) files.push(relative(base, full).split(sep).join('/'));
  }
  return files.sort();
}

/**
 * Dependency versions of the generated package are the ones the repository already uses (root, service-runtime
 * and contracts package.json), so a service never starts on a version nothing else runs.
 */
export async function alignVersions(
  text: string,
  root: string,
  sources = ['contracts/package.json', 'packages/service-runtime/package.json', 'package.json'],
): Promise<string> {
  const pkg = JSON.parse(text) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const known = new Map<string, string>();
  for (const source of sources) {
    if (!existsSync(join(root, source))) continue;
    const other = JSON.parse(await readFile(join(root, source), 'utf8')) as typeof pkg;
    for (const [dep, version] of Object.entries({ ...other.devDependencies, ...other.dependencies })) {
      known.set(dep, version);
    }
  }
  for (const deps of [pkg.dependencies, pkg.devDependencies]) {
    for (const dep of Object.keys(deps ?? {})) {
      const version = known.get(dep);
      if (version) deps![dep] = version;
    }
  }
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** The service's files from the template: destination path → content. */
export async function renderTemplate(
  root: string,
  n: ServiceNames,
  port: number,
  templateDir = TEMPLATE_DIR,
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const file of await listFiles(templateDir)) {
    if (TEMPLATE_ONLY.has(file)) continue;
    const destination = substituteNames(file, file, n, port);
    let text = await readFile(join(templateDir, file), 'utf8');
    if (CODE_FILE.test(file)) text = rewriteImports(text, join(templateDir, file), destination, templateDir);
    text = substituteNames(text, file, n, port);
    if (file.endsWith('/package.json')) text = await alignVersions(text, root);
    files[destination] = text;
  }
  return files;
}

function composeService(n: ServiceNames, port: number): string {
  return `  ${n.name}:
    <<: *service-defaults
    build:
      context: .
      dockerfile: services/${n.name}/Dockerfile
    image: mer/${n.name}:dev
    environment:
      <<: *service-env
      PORT: ${port}
    expose:
      - '${port}'
    healthcheck:
      test:
        - CMD
        - node
        - -e
        - "fetch('http://127.0.0.1:${port}/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
      interval: 10s
      timeout: 3s
      start_period: 30s
      retries: 5

`;
}

// ---------------------------------------------------------------------------------------------

export interface GenerateOptions {
  root: string;
  name: string;
  port?: number;
  dryRun?: boolean;
  log?: (line: string) => void;
  /** Another template folder (tests); default scripts/templates/service/. */
  templateDir?: string;
}

export interface GenerateResult {
  port: number;
  created: string[];
  edited: string[];
}

/** Plans every file, checks nothing collides and every marker exists, then writes (and undoes on failure). */
export async function generateService(opts: GenerateOptions): Promise<GenerateResult> {
  const { root, name } = opts;
  const log = opts.log ?? (() => undefined);
  const problem = nameProblem(name);
  if (problem) throw new Error(problem);
  const n = serviceNames(name);

  const table = (await import(pathToFileURL(join(root, 'infra/services.ts')).href)) as {
    SERVICES: PortTable['services'];
    GATEWAY_PORT: number;
    RESERVED_PORTS: PortTable['reserved'];
  };
  const portTable: PortTable = {
    services: table.SERVICES,
    gatewayPort: table.GATEWAY_PORT,
    reserved: table.RESERVED_PORTS,
  };

  let port: number;
  if (opts.port !== undefined) {
    const taken = [...portTable.services.map((s) => s.port), portTable.gatewayPort];
    if (!Number.isInteger(opts.port) || opts.port < 1024 || opts.port > 65535)
      throw new Error(`--port ${opts.port} is not a port above 1023`);
    if (taken.includes(opts.port)) throw new Error(`port ${opts.port} is taken (infra/services.ts)`);
    port = opts.port;
  } else {
    port = choosePort(name, portTable);
  }

  const serviceDir = `services/${name}`;
  const files = await renderTemplate(root, n, port, opts.templateDir);
  const collisions = [
    serviceDir,
    ...Object.keys(files).filter((p) => !p.startsWith(`${serviceDir}/`)),
  ].filter((p) => existsSync(join(root, p)));
  if (table.SERVICES.some((s) => s.name === name)) collisions.push(`infra/services.ts entry '${name}'`);
  const composeText = await readFile(join(root, 'docker-compose.yml'), 'utf8');
  if (new RegExp(`^  ${name}:\\s*$`, 'm').test(composeText))
    collisions.push(`docker-compose.yml service '${name}'`);
  if (collisions.length) throw new Error(`service '${name}' already exists: ${collisions.join(', ')}`);

  await formatWithPrettier(root, files);

  const serviceUrlEnv = `SERVICE_URL_${n.upper}`;
  const insertions: MarkerInsertion[] = [
    {
      file: 'contracts/src/index.ts',
      marker: '// new:service inserts exports above this line',
      block: `export * from './http/${name}.ts';\nexport * from './events/${name}.ts';`,
    },
    {
      file: 'contracts/src/index.ts',
      marker: '// new:service inserts imports above this line',
      block: `import { ${n.camel}Routes } from './http/${name}.ts';\nimport { ${n.camel}Events } from './events/${name}.ts';`,
    },
    {
      file: 'contracts/src/index.ts',
      marker: '// new:service inserts routes above this line',
      block: `  ${name.includes('-') ? `'${name}'` : name}: ${n.camel}Routes,`,
    },
    {
      file: 'contracts/src/index.ts',
      marker: '// new:service inserts events above this line',
      block: `  ...${n.camel}Events,`,
    },
    {
      file: 'infra/service-definitions.ts',
      marker: '// new:service inserts definitions above this line',
      block: `  ${n.camel}Service,`,
    },
    {
      file: 'infra/services.ts',
      marker: '// new:service inserts entries above this line',
      block: `  { name: '${name}', port: ${port}, dir: '${serviceDir}' },`,
    },
    {
      file: 'docker-compose.yml',
      marker: '# new:service inserts services above this line',
      block: composeService(n, port),
    },
    {
      file: 'docker-compose.yml',
      marker: '# new:service inserts gateway service URLs above this line',
      block: `      ${serviceUrlEnv}: http://${name}:${port}`,
    },
    {
      file: 'docker-compose.yml',
      marker: '# new:service inserts gateway dependencies above this line',
      block: `      ${name}:\n        condition: service_healthy`,
    },
    {
      file: 'k8s/gateway.yaml',
      marker: '# new:service inserts gateway service URLs above this line',
      block: `            - name: ${serviceUrlEnv}\n              value: http://${name}:${port}`,
    },
    {
      file: 'k8s/kustomization.yaml',
      marker: '# new:service inserts manifests above this line',
      block: `  - ${name}.yaml`,
    },
    {
      file: 'k8s/kustomization.yaml',
      marker: '# new:service inserts images above this line',
      block: `  - name: mer/${name}\n    newTag: latest`,
    },
  ];

  // Apply every insertion in memory first: a missing marker stops the run before any write.
  const edited = new Map<string, { before: string; after: string }>();
  for (const insertion of insertions) {
    const current = edited.get(insertion.file)?.after ?? (await readFile(join(root, insertion.file), 'utf8'));
    const before = edited.get(insertion.file)?.before ?? current;
    edited.set(insertion.file, { before, after: insertAboveMarker(current, insertion) });
  }

  // The composition root imports the service's definition from its package root.
  const definitions = edited.get('infra/service-definitions.ts')!;
  definitions.after = insertImport(
    definitions.after,
    'infra/service-definitions.ts',
    `import { ${n.camel}Service } from '@mer/${name}';`,
  );

  const result: GenerateResult = { port, created: Object.keys(files), edited: [...edited.keys()] };
  if (opts.dryRun) return result;

  const written: string[] = [];
  const restored: [string, string][] = [];
  try {
    for (const [path, content] of Object.entries(files)) {
      const full = join(root, path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, content, { flag: 'wx' });
      written.push(full);
      log(`  created ${path}`);
    }
    for (const [path, { before, after }] of edited) {
      if (before === after) continue;
      restored.push([join(root, path), before]);
      await writeFile(join(root, path), after);
      log(`  edited  ${path}`);
    }
  } catch (err) {
    for (const file of written.reverse()) await rm(file, { force: true });
    await rm(join(root, serviceDir), { recursive: true, force: true });
    for (const [file, before] of restored) await writeFile(file, before);
    throw err;
  }
  return result;
}

/** Generated files leave as `npm run format` would write them (the repository's .prettierrc.json). */
export async function formatWithPrettier(root: string, files: Record<string, string>): Promise<void> {
  const prettier = await import('prettier');
  for (const [path, content] of Object.entries(files)) {
    const filepath = join(root, path);
    const info = await prettier.getFileInfo(filepath, { ignorePath: join(root, '.prettierignore') });
    if (info.ignored || !info.inferredParser) continue;
    const options = (await prettier.resolveConfig(filepath)) ?? {};
    files[path] = await prettier.format(content, { ...options, filepath });
  }
}

function usage(): string {
  return 'Usage: npm run new:service -- <name> [--port <port>] [--dry-run]   (name: kebab-case, e.g. community-feed)';
}

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  let port: number | undefined;
  let dryRun = false;
  const names: string[] = [];
  while (args.length) {
    const arg = args.shift()!;
    if (arg === '--port') port = Number(args.shift());
    else if (arg === '--dry-run') dryRun = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(usage());
      return 0;
    } else if (arg.startsWith('-')) {
      console.error(`Unknown option ${arg}\n${usage()}`);
      return 2;
    } else names.push(arg);
  }
  if (names.length !== 1) {
    console.error(usage());
    return 2;
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const name = names[0]!;
  try {
    const result = await generateService({
      root,
      name,
      ...(port !== undefined ? { port } : {}),
      dryRun,
      log: console.log,
    });
    if (dryRun) {
      console.log(`Would scaffold service '${name}' on port ${result.port}:`);
      for (const f of result.created) console.log(`  would create ${f}`);
      for (const f of result.edited) console.log(`  would edit   ${f}`);
      return 0;
    }
    console.log(`
Scaffolded service '${name}'. It listens on port ${result.port}. Next (docs/adding-a-service.md has the whole checklist):
  1. npm install                                   (links @mer/${name} and records it in package-lock.json)
  2. npx vitest run services/${name} test/deployment.test.ts
  3. Replace the scaffold greetings with the real contracts, migration, use cases and README text
     (keep the identity.user.deleted.v1 consumer: it erases the member's rows).
  4. npm run openapi && npm run generate:browser-routes
                                                   (contracts/openapi.json and the browser route table; CI fails on drift)
  5. Add ${name} to the services table of the root README.`);
    return 0;
  } catch (err) {
    console.error(`new:service: ${(err as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && relative(fileURLToPath(import.meta.url), process.argv[1]) === '') {
  process.exitCode = await main(process.argv.slice(2));
}
