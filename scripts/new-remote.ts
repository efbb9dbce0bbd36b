/**
 * Scaffolds a new MER micro-frontend ("remote") the same way every time:
 *
 *   npm run new:remote -- <name> --service <service> [--dry-run]
 *
 * Copies the remote template (scripts/templates/remote/: a complete remote, compiled, linted and tested with the
 * repository) to frontends/<name>/ with the new names: the remote's (`stencil-pages`) and the service whose routes
 * its src/api/ calls (`stencil-demo`, the service template's greetings). Nothing else is edited: the shell's route
 * table reads the new remote's route manifest (src/routes.ts) when it is built, build-all builds every folder with a
 * vite.config.ts, and the gateway lists every remote with a build. docs/adding-a-remote.md is the checklist.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  alignVersions,
  formatWithPrettier,
  listFiles,
  nameProblem,
  rewriteImports,
  serviceNames,
  type ServiceNames,
} from './new-service.ts';

/** The folder of the remote template, next to this script. */
export const REMOTE_TEMPLATE_DIR = fileURLToPath(new URL('./templates/remote/', import.meta.url));
/** The template remote's name, and the template service its src/api/ calls (see the template's README). */
export const REMOTE_PLACEHOLDER = serviceNames('stencil-pages');
export const SERVICE_PLACEHOLDER = serviceNames('stencil-demo');
/** Stands for `@mer/contracts/browser` in the template; imports of it become `@mer/contracts/browser`. */
const BROWSER_ROUTES_STAND_IN = 'mer-contracts-browser.ts';
/** Files of the template folder that describe or support the template and are never copied. */
const TEMPLATE_ONLY = new Set(['README.md', BROWSER_ROUTES_STAND_IN, 'stencil-demo-routes.ts']);
const CODE_FILE = /\.[cm]?tsx?$/;
/** Folders of frontends/ that are no remote's name. */
const TAKEN_REMOTE_NAMES = new Set(['shell', 'build', 'node_modules', 'dist']);
/** The routes of the service template the template remote calls: a service that still has them can be called. */
const SCAFFOLD_ROUTES = ['greet', 'myGreetings'];

function forms(n: ServiceNames): [string, string, string] {
  return [n.name, n.camel, n.pascal];
}

/**
 * Replaces both placeholders' forms (kebab, camel, Pascal) by the remote's and the service's. A spelling of a
 * placeholder that is none of its forms would leak into the remote: refused, naming the file.
 */
export function substituteRemoteNames(
  text: string,
  file: string,
  remote: ServiceNames,
  service: ServiceNames,
): string {
  const pairs: [string, string][] = [
    ...forms(REMOTE_PLACEHOLDER).map((form, i): [string, string] => [form, forms(remote)[i]!]),
    ...forms(SERVICE_PLACEHOLDER).map((form, i): [string, string] => [form, forms(service)[i]!]),
  ];
  let stripped = text;
  for (const [form] of pairs) stripped = stripped.replaceAll(form, '');
  const stray = /stencil/i.exec(stripped);
  if (stray) {
    const line = stripped.slice(0, stray.index).split('\n').length;
    throw new Error(`template ${file}: line ${line} spells a placeholder in none of its forms`);
  }
  let out = text;
  for (const [form, value] of pairs) out = out.replaceAll(form, value);
  return out;
}

/** The remote's files from the template: destination path → content. */
export async function renderRemoteTemplate(
  root: string,
  remote: ServiceNames,
  service: ServiceNames,
  templateDir = REMOTE_TEMPLATE_DIR,
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const file of await listFiles(templateDir)) {
    if (TEMPLATE_ONLY.has(file)) continue;
    const destination = substituteRemoteNames(file, file, remote, service);
    let text = await readFile(join(templateDir, file), 'utf8');
    if (CODE_FILE.test(file))
      text = rewriteImports(text, join(templateDir, file), destination, templateDir, {
        [BROWSER_ROUTES_STAND_IN]: '@mer/contracts/browser',
      });
    text = substituteRemoteNames(text, file, remote, service);
    // The versions every other front end uses, so a remote never starts on one nothing else runs.
    if (file.endsWith('/package.json'))
      text = await alignVersions(text, root, [
        'package.json',
        'frontends/shell/package.json',
        'frontends/access/package.json',
      ]);
    files[destination] = text;
  }
  return files;
}

/** Why the remote cannot be made (undefined when it can). */
export async function remoteProblem(
  root: string,
  name: string,
  service: string,
): Promise<string | undefined> {
  const problem =
    nameProblem(name) ?? nameProblem(service)?.replace('service name', 'service name (--service)');
  if (problem) return problem;
  if (TAKEN_REMOTE_NAMES.has(name)) return `'${name}' is reserved by the front ends`;
  if (existsSync(join(root, 'frontends', name))) return `frontends/${name} already exists`;
  // Every workspace is a package @mer/<folder>: a remote named like a service or a package would clash.
  for (const dir of ['services', 'packages'])
    if (existsSync(join(root, dir, name)))
      return `'${name}' is the package of ${dir}/${name}: name the remote differently (e.g. ${name}-web)`;
  const routes = join(root, 'contracts/src/browser', `${service}.ts`);
  if (!existsSync(routes))
    return `no browser routes for the service '${service}' (contracts/src/browser/${service}.ts): generate the service first (npm run new:service -- ${service}, then npm run generate:browser-routes)`;
  const table = await readFile(routes, 'utf8');
  const missing = SCAFFOLD_ROUTES.filter((r) => !new RegExp(`export const ${r}\\b`).test(table));
  if (missing.length)
    return `the service '${service}' has no scaffold route ${missing.join(', ')}: the template's src/api calls the greetings of a freshly generated service (docs/adding-a-remote.md)`;
  return undefined;
}

export interface GenerateRemoteOptions {
  root: string;
  name: string;
  service: string;
  dryRun?: boolean;
  log?: (line: string) => void;
  /** Another template folder (tests); default scripts/templates/remote/. */
  templateDir?: string;
}

/** Plans every file and checks nothing collides, then writes (and removes what it wrote on failure). */
export async function generateRemote(opts: GenerateRemoteOptions): Promise<{ created: string[] }> {
  const { root, name, service } = opts;
  const log = opts.log ?? (() => undefined);
  const problem = await remoteProblem(root, name, service);
  if (problem) throw new Error(problem);
  const files = await renderRemoteTemplate(root, serviceNames(name), serviceNames(service), opts.templateDir);
  await formatWithPrettier(root, files);
  const created = Object.keys(files);
  if (opts.dryRun) return { created };
  try {
    for (const [path, content] of Object.entries(files)) {
      const full = join(root, path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, content, { flag: 'wx' });
      log(`  created ${path}`);
    }
  } catch (err) {
    await rm(join(root, 'frontends', name), { recursive: true, force: true });
    throw err;
  }
  return { created };
}

function usage(): string {
  return 'Usage: npm run new:remote -- <name> --service <service> [--dry-run]   (kebab-case names, e.g. community --service community-feed)';
}

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  let service: string | undefined;
  let dryRun = false;
  const names: string[] = [];
  while (args.length) {
    const arg = args.shift()!;
    if (arg === '--service') service = args.shift();
    else if (arg === '--dry-run') dryRun = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(usage());
      return 0;
    } else if (arg.startsWith('-')) {
      console.error(`Unknown option ${arg}\n${usage()}`);
      return 2;
    } else names.push(arg);
  }
  if (names.length !== 1 || !service) {
    console.error(usage());
    return 2;
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const name = names[0]!;
  try {
    const result = await generateRemote({ root, name, service, dryRun, log: console.log });
    if (dryRun) {
      console.log(`Would scaffold the remote '${name}' (calling ${service}):`);
      for (const f of result.created) console.log(`  would create ${f}`);
      return 0;
    }
    console.log(`
Scaffolded the remote '${name}', calling the service '${service}'. Next (docs/adding-a-remote.md has the whole checklist):
  1. npm install                                   (links @mer/${name} and records it in package-lock.json)
  2. npx vitest run --config frontends/vitest.config.ts ${name}
  3. Replace the scaffold page: its paths in src/routes.ts, its calls in src/api/, its pages and components.
  4. npm run build:web                             (the shell picks up the new routes; the gateway lists the remote)`);
    return 0;
  } catch (err) {
    console.error(`new:remote: ${(err as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && relative(fileURLToPath(import.meta.url), process.argv[1]) === '') {
  process.exitCode = await main(process.argv.slice(2));
}
