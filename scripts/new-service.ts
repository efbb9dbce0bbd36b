/**
 * Scaffolds a new MER service the same way every time:
 *
 *   npm run new:service -- <name> [--port <port>] [--dry-run]
 *
 * Writes services/<name>/ in the STYLE.md layout (a working hello route, its first migration, an
 * event published through the outbox, unit and integration tests, README, .env.example, Dockerfile),
 * the service's contracts (contracts/src/http/<name>.ts, contracts/src/events/<name>.ts, registered in
 * contracts/src/index.ts), its port in infra/services.ts, and its deployment (k8s/<name>.yaml,
 * docker-compose.yml, the gateway's SERVICE_URL_<NAME>). Existing files are edited only at their
 * `new:service` marker lines, so a second run never duplicates anything; a name that already
 * exists anywhere is refused before anything is written. docs/adding-a-service.md is the checklist.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
// Templates. Generated code follows STYLE.md; comments say why, and mark what is scaffold.

function contractsRoutesFile(n: ServiceNames): string {
  return `import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Timestamp, Uuid } from './common.ts';

/** A greeting ${n.name} recorded: the scaffold's example resource. Replace it with the service's own. */
export const ${n.pascal}Greeting = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    message: Type.String(),
    greetedAt: Timestamp,
  },
  { $id: '${n.pascal}Greeting' },
);
export type ${n.pascal}Greeting = Static<typeof ${n.pascal}Greeting>;

export const ${n.pascal}HelloRequest = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 60 }) },
  { additionalProperties: false },
);

/** Every REST route of ${n.name}. The gateway forwards /api/v1/${n.name}/... here; OpenAPI is generated from it. */
export const ${n.camel}Routes = defineRoutes('${n.name}', {
  hello: {
    method: 'POST',
    path: '/api/v1/${n.name}/hello',
    summary: 'Greets someone and records the greeting (the scaffold route: replace it)',
    access: { kind: 'public' },
    body: ${n.pascal}HelloRequest,
    response: { 201: ${n.pascal}Greeting },
  },
});
`;
}

function contractsEventsFile(n: ServiceNames): string {
  return `import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';

/*
 * Events ${n.name} publishes. Subjects are \`${n.name}.<entity>.<past-tense-event>.v<N>\`; a published
 * subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 */

export const ${n.pascal}GreetingRecorded = defineEvent(
  '${n.name}.greeting.recorded.v1',
  '${n.name} recorded a greeting (the scaffold event: replace it with the service\\'s own).',
  Type.Object({
    greetingId: Type.String({ format: 'uuid' }),
    name: Type.String(),
  }),
);

export const ${n.camel}Events = [${n.pascal}GreetingRecorded];
`;
}

/** tsx runs the TypeScript in production too, so it is a runtime dependency (the image installs only those). */
function packageJson(n: ServiceNames, tsxVersion: string): string {
  return `${JSON.stringify(
    {
      name: `@mer/${n.name}`,
      version: '0.1.0',
      private: true,
      type: 'module',
      exports: { '.': './src/index.ts' },
      scripts: { start: 'node --import tsx src/server.ts' },
      dependencies: { tsx: tsxVersion },
    },
    null,
    2,
  )}\n`;
}

function indexFile(n: ServiceNames): string {
  return `/** ${n.name}'s public entry: the topologies start it through this definition, nothing else is imported. */
export { ${n.camel}Service } from './app.ts';
export { ${n.pascal}ConfigSchema, type ${n.pascal}Config } from './config.ts';
`;
}

function appFile(n: ServiceNames): string {
  return `import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { ${n.pascal}ConfigSchema } from './config.ts';
import { registerGreetingRoutes } from './routes/greetings.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * ${n.name} as the runtime starts it, in both topologies: its config, migrations, the consumers
 * of other services' events (one file each under events/handlers/) and its routes.
 */
export const ${n.camel}Service = defineService({
  name: '${n.name}',
  config: ${n.pascal}ConfigSchema,
  migrationsDir,
  consumers: [],
  routes(app, ctx) {
    registerGreetingRoutes(app, ctx);
  },
});
`;
}

function serverFile(n: ServiceNames): string {
  return `import { runServiceProcess } from '@mer/service-runtime';
import { ${n.camel}Service } from './app.ts';

// Cluster topology: this service alone in its process, PostgreSQL, NATS and Redis from env.
await runServiceProcess(${n.camel}Service);
`;
}

function configFile(n: ServiceNames): string {
  return `import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';

/** ${n.name}'s own settings, added to the base ones every service reads (PORT, DATABASE_URL, NATS_URL, ...). */
export const ${n.pascal}ConfigSchema = Type.Object({
  /** The salutation of the scaffold's hello route; an example setting to replace with real ones. */
  GREETING: Type.String({ minLength: 1, maxLength: 40, default: 'Hello' }),
});

export type ${n.pascal}Config = Static<typeof ${n.pascal}ConfigSchema> & BaseConfig;
`;
}

function routesFile(n: ServiceNames): string {
  return `import { ${n.camel}Routes } from '@mer/contracts';
import { registerRoute, type App, type ServiceContext } from '@mer/service-runtime';
import type { ${n.pascal}Config } from '../config.ts';
import { recordGreeting } from '../use-cases/record-greeting.ts';

/** Thin routes: the contract validates, a use case decides, the result maps to the response. */
export function registerGreetingRoutes(app: App, ctx: ServiceContext<${n.pascal}Config>): void {
  registerRoute(app, ${n.camel}Routes.hello, async (request) => recordGreeting(ctx, request.body.name));
}
`;
}

function useCaseFile(n: ServiceNames): string {
  return `import { randomUUID } from 'node:crypto';
import { ${n.pascal}GreetingRecorded, type ${n.pascal}Greeting } from '@mer/contracts';
import type { ServiceContext } from '@mer/service-runtime';
import type { ${n.pascal}Config } from '../config.ts';
import { insertGreeting, type GreetingRow, type ${n.pascal}Db } from '../db/greetings.repository.ts';
import { composeGreeting } from '../domain/greeting.ts';

/**
 * Greets someone. The row and its event are written in one transaction (the event goes to the
 * outbox and is relayed after commit), so a crash can never keep one without the other.
 */
export async function recordGreeting(ctx: ServiceContext<${n.pascal}Config>, rawName: string): Promise<${n.pascal}Greeting> {
  const greeting = composeGreeting(ctx.config.GREETING, rawName);
  const row = await ctx.transaction(async (tx) => {
    const inserted = await insertGreeting(tx.trx as unknown as ${n.pascal}Db, { id: randomUUID(), ...greeting });
    await tx.publish(${n.pascal}GreetingRecorded, { greetingId: inserted.id, name: inserted.name });
    return inserted;
  });
  return toGreeting(row);
}

function toGreeting(row: GreetingRow): ${n.pascal}Greeting {
  return { id: row.id, name: row.name, message: row.message, greetedAt: row.greeted_at.toISOString() };
}
`;
}

function domainFile(): string {
  return `import { invalidData } from '@mer/service-runtime';

/** The rule of the scaffold's greeting, free of I/O so it is unit-tested alone. */
export function composeGreeting(salutation: string, rawName: string): { name: string; message: string } {
  const name = rawName.trim().replace(/\\s+/g, ' ');
  if (!name) throw invalidData('Missing Information', 'Please enter a name.', 'name');
  return { name, message: \`\${salutation}, \${name}!\` };
}
`;
}

function domainTestFile(): string {
  return `import { describe, expect, it } from 'vitest';
import { DomainError } from '@mer/service-runtime';
import { composeGreeting } from './greeting.ts';

describe('composeGreeting', () => {
  it('greets the name with its spaces tidied', () => {
    expect(composeGreeting('Hello', '  Ada   Lovelace ')).toEqual({ name: 'Ada Lovelace', message: 'Hello, Ada Lovelace!' });
  });

  it('refuses a blank name, naming the field', () => {
    let thrown: unknown;
    try {
      composeGreeting('Hello', '   ');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).fields).toEqual([{ field: 'name', message: 'Please enter a name.' }]);
  });
});
`;
}

function repositoryFile(n: ServiceNames): string {
  return `import type { ColumnType, Kysely, Selectable } from 'kysely';

/** ${n.name}'s tables as Kysely sees them (the service's own schema; search_path points there). */
interface GreetingsTable {
  id: string;
  name: string;
  message: string;
  greeted_at: ColumnType<Date, Date | undefined, never>;
}

export interface ${n.pascal}Tables {
  greetings: GreetingsTable;
}

export type ${n.pascal}Db = Kysely<${n.pascal}Tables>;
export type GreetingRow = Selectable<GreetingsTable>;

/** The only place that speaks SQL about greetings. */
export async function insertGreeting(db: ${n.pascal}Db, greeting: { id: string; name: string; message: string }): Promise<GreetingRow> {
  return db.insertInto('greetings').values(greeting).returningAll().executeTakeFirstOrThrow();
}

`;
}

function migrationFile(n: ServiceNames): string {
  return `-- ${n.name}: first migration. Tables are unqualified: the runtime sets search_path to the
-- service's own schema (${n.schema}). Once a migration has run anywhere, never edit it: add 0002_....
-- The greetings table backs the scaffold's hello route; replace it with the service's own tables.
create table greetings (
  id uuid primary key,
  name text not null,
  message text not null,
  greeted_at timestamptz not null default now()
);
`;
}

function handlersReadme(n: ServiceNames): string {
  return `# Event handlers of ${n.name}

One file per consumed subject, named after it (\`identity.user.registered.v1.ts\`), exporting one
consumer. Add it to \`consumers\` in \`src/app.ts\`. The runtime makes it idempotent (the event id is
recorded in \`processed_events\` in the same transaction as the handler's changes) and names its
durable consumer \`${n.name}-<name>\`: never rename a consumer that has run, or it starts over.

\`\`\`ts
import { UserRegistered } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';

export const userRegisteredConsumer = defineConsumer({
  name: 'user-registered',
  event: UserRegistered,
  async handle(event, tx) {
    // Small: hand off to a use case, using only tx.trx (and tx.publish) inside the transaction.
  },
});
\`\`\`
`;
}

function integrationTestFile(n: ServiceNames): string {
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, EventEnvelope, ${n.pascal}Greeting } from '@mer/contracts';
import { startService, type RunningService, type Subscription } from '@mer/service-runtime';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { ${n.camel}Service, type ${n.pascal}Config } from '../src/index.ts';

// ${n.name} started exactly as in production, on real PostgreSQL, NATS and Redis when they run
// here (else PGlite and the embedded bus), in a schema and bus namespace of its own.
let infra: TestInfra;
let service: RunningService<${n.pascal}Config>;
let observer: Subscription;
const published: EventEnvelope[] = [];

beforeAll(async () => {
  infra = await createTestInfra();
  service = await startService(${n.camel}Service, { ...infra, schema: infra.schemaFor('${n.name}'), env: {} });
  observer = await infra.bus.subscribe({
    durable: 'test-observer',
    subject: '${n.name}.>',
    handler: async (event) => {
      published.push(event);
    },
  });
});

afterAll(async () => {
  await observer?.stop();
  await service?.stop();
  await infra?.close();
});

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(\`\${service.url}\${path}\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('POST /api/v1/${n.name}/hello', () => {
  it('greets, records the greeting and publishes ${n.name}.greeting.recorded.v1', async () => {
    const response = await post('/api/v1/${n.name}/hello', { name: ' Ada ' });
    expect(response.status).toBe(201);
    const greeting = (await response.json()) as ${n.pascal}Greeting;
    expect(greeting).toMatchObject({ name: 'Ada', message: 'Hello, Ada!' });

    const event = await eventually(() => published.find((e) => (e.payload as { greetingId?: string }).greetingId === greeting.id));
    expect(event).toMatchObject({
      subject: '${n.name}.greeting.recorded.v1',
      producer: '${n.name}',
      version: 1,
      payload: { greetingId: greeting.id, name: 'Ada' },
    });
  });

  it('answers bad input with the error format, naming the field', async () => {
    for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 'Ada', admin: true }]) {
      const response = await post('/api/v1/${n.name}/hello', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = (await response.json()) as ErrorBody;
      expect(error).toMatchObject({ code: 'invalid_data', retryable: false });
      expect(error.details?.fields?.length).toBeGreaterThan(0);
    }
  });

  it('serves health and readiness', async () => {
    expect((await fetch(\`\${service.url}/healthz\`)).status).toBe(200);
    expect((await fetch(\`\${service.url}/readyz\`)).status).toBe(200);
  });
});
`;
}

function envExample(n: ServiceNames, port: number): string {
  return `# ${n.name}: settings read at start (validated by src/config.ts and the runtime's base schema).
# Copy to .env for a local run (node --env-file=.env); every line here shows its default or an example.
PORT=${port}
HOST=127.0.0.1
# LOG_LEVEL=info
# PUBLIC_URL=http://localhost:8080
# DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
# NATS_URL=nats://127.0.0.1:4222
# REDIS_URL=redis://127.0.0.1:6379
# JWKS_URL=http://127.0.0.1:4001/api/v1/identity/.well-known/jwks.json
# OPERATOR_KEY=  (at least 24 characters; unset disables operator routes)

# ${n.name}'s own settings
# GREETING=Hello
`;
}

function readme(n: ServiceNames, port: number): string {
  return `# ${n.name}

<!-- What this service owns and why it is a service of its own, in two or three sentences. -->
${n.name} owns: _(describe its data)_. Other services learn about it only through the events and
routes below (contracts/src/events/${n.name}.ts, contracts/src/http/${n.name}.ts).

| | |
|---|---|
| Port (cluster) | ${port} (infra/services.ts) |
| Postgres schema | \`${n.schema}\`, migrations in \`migrations/\` |
| Start alone | \`npm start -w @mer/${n.name}\` (PostgreSQL, NATS and Redis from env, see \`.env.example\`) |
| Tests | \`npx vitest run services/${n.name}\` |

## Routes

Schemas in \`contracts/src/http/${n.name}.ts\`; the gateway forwards \`/api/v1/${n.name}/...\` here.

| operation | route | access | what it does |
|---|---|---|---|
| \`${n.name}.hello\` | \`POST /api/v1/${n.name}/hello\` | public | Greets someone and records the greeting (scaffold: replace it) |

## Events

Published (schemas in \`contracts/src/events/${n.name}.ts\`, JetStream stream of ${n.name}):

| subject | when |
|---|---|
| \`${n.name}.greeting.recorded.v1\` | a greeting was recorded (scaffold: replace it) |

Consumed (one handler per subject in \`src/events/handlers/\`): none yet.

## Configuration

| variable | default | meaning |
|---|---|---|
| \`GREETING\` | \`Hello\` | salutation of the hello route (scaffold: replace it) |

Plus the base settings every service reads: \`PORT\`, \`HOST\`, \`LOG_LEVEL\`, \`PUBLIC_URL\`,
\`DATABASE_URL\`, \`NATS_URL\`, \`REDIS_URL\`, \`JWKS_URL\`, \`OPERATOR_KEY\` (packages/service-runtime/src/config.ts).
`;
}

/** Same shape as the other services' images: built from the repository root, run as the unprivileged `node` user. */
function dockerfile(n: ServiceNames, port: number): string {
  return `# ${n.name}: build from the repository root (the workspace lockfile and shared packages live there):
#   docker build -f services/${n.name}/Dockerfile -t mer/${n.name} .
FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts contracts
COPY packages/service-runtime packages/service-runtime
COPY services/${n.name} services/${n.name}
# Only the runtime dependencies of this service and the two packages it may import (tsx among them).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @mer/${n.name} -w @mer/service-runtime -w @mer/contracts \\
  && npm cache clean --force
USER node
WORKDIR /app/services/${n.name}
EXPOSE ${port}
CMD ["node", "--import", "tsx", "src/server.ts"]
`;
}

function k8sManifest(n: ServiceNames, port: number): string {
  return `# ${n.name}: (what it owns, one line). Generated by npm run new:service; keep in step with infra/services.ts.
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${n.name}
  namespace: mer
  labels:
    app.kubernetes.io/name: ${n.name}
    app.kubernetes.io/part-of: mer
spec:
  replicas: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: ${n.name}
  template:
    metadata:
      labels:
        app.kubernetes.io/name: ${n.name}
        app.kubernetes.io/part-of: mer
      annotations:
        prometheus.io/scrape: 'true'
        prometheus.io/port: '${port}'
        prometheus.io/path: /metrics
    spec:
      automountServiceAccountToken: false
      terminationGracePeriodSeconds: 30
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
        runAsGroup: 1000
        fsGroup: 1000
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: ${n.name}
          image: mer/${n.name}:latest
          ports:
            - name: http
              containerPort: ${port}
          envFrom:
            - configMapRef:
                name: mer-config
          env:
            - name: PORT
              value: '${port}'
            - name: DATABASE_URL
              valueFrom:
                secretKeyRef:
                  name: mer-secrets
                  key: DATABASE_URL
            - name: OPERATOR_KEY
              valueFrom:
                secretKeyRef:
                  name: mer-secrets
                  key: OPERATOR_KEY
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
            periodSeconds: 5
            failureThreshold: 3
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            initialDelaySeconds: 20
            periodSeconds: 10
            failureThreshold: 3
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 2
            failureThreshold: 60
          resources:
            requests:
              cpu: 100m
              memory: 160Mi
            limits:
              cpu: 500m
              memory: 384Mi
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            runAsNonRoot: true
            capabilities:
              drop:
                - ALL
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        # The only writable place: tsx's transform cache and Node's temp files.
        - name: tmp
          emptyDir:
            sizeLimit: 64Mi
---
apiVersion: v1
kind: Service
metadata:
  name: ${n.name}
  namespace: mer
  labels:
    app.kubernetes.io/name: ${n.name}
    app.kubernetes.io/part-of: mer
spec:
  selector:
    app.kubernetes.io/name: ${n.name}
  ports:
    - name: http
      port: ${port}
      targetPort: http
`;
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

  const serviceDir = `services/${name}`;
  const collisions = [
    serviceDir,
    `contracts/src/http/${name}.ts`,
    `contracts/src/events/${name}.ts`,
    `k8s/${name}.yaml`,
  ].filter((p) => existsSync(join(root, p)));
  if (table.SERVICES.some((s) => s.name === name)) collisions.push(`infra/services.ts entry '${name}'`);
  const composeText = await readFile(join(root, 'docker-compose.yml'), 'utf8');
  if (new RegExp(`^  ${name}:\\s*$`, 'm').test(composeText))
    collisions.push(`docker-compose.yml service '${name}'`);
  if (collisions.length) throw new Error(`service '${name}' already exists: ${collisions.join(', ')}`);

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

  const rootPackage = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  const tsxVersion = rootPackage.dependencies?.tsx ?? rootPackage.devDependencies?.tsx;
  if (!tsxVersion) throw new Error('the root package.json names no tsx version');

  const files: Record<string, string> = {
    [`contracts/src/http/${name}.ts`]: contractsRoutesFile(n),
    [`contracts/src/events/${name}.ts`]: contractsEventsFile(n),
    [`${serviceDir}/package.json`]: packageJson(n, tsxVersion),
    [`${serviceDir}/README.md`]: readme(n, port),
    [`${serviceDir}/.env.example`]: envExample(n, port),
    [`${serviceDir}/Dockerfile`]: dockerfile(n, port),
    [`${serviceDir}/src/index.ts`]: indexFile(n),
    [`${serviceDir}/src/app.ts`]: appFile(n),
    [`${serviceDir}/src/server.ts`]: serverFile(n),
    [`${serviceDir}/src/config.ts`]: configFile(n),
    [`${serviceDir}/src/routes/greetings.ts`]: routesFile(n),
    [`${serviceDir}/src/use-cases/record-greeting.ts`]: useCaseFile(n),
    [`${serviceDir}/src/domain/greeting.ts`]: domainFile(),
    [`${serviceDir}/src/domain/greeting.test.ts`]: domainTestFile(),
    [`${serviceDir}/src/db/greetings.repository.ts`]: repositoryFile(n),
    [`${serviceDir}/src/events/handlers/README.md`]: handlersReadme(n),
    [`${serviceDir}/migrations/0001_greetings.sql`]: migrationFile(n),
    [`${serviceDir}/test/greetings.test.ts`]: integrationTestFile(n),
    [`k8s/${name}.yaml`]: k8sManifest(n, port),
  };

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
async function formatWithPrettier(root: string, files: Record<string, string>): Promise<void> {
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
  3. Replace the scaffold greeting with the real contracts, migration, use cases and README text.
  4. npm run openapi                               (regenerate contracts/openapi.json; CI fails on drift)
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
