import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TObject } from '@sinclair/typebox';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { BaseConfigSchema } from '@mer/service-runtime';
import { GATEWAY_DIR, GATEWAY_PORT, SERVICES, serviceUrlEnvName } from '../infra/services.ts';

/**
 * docker-compose.yml and k8s/ describe the cluster deployment; no Docker engine or cluster runs
 * here, so this test holds them to the code instead: names, ports and env match the services,
 * probes, non-root, read-only filesystem, resource limits, and no secrets in the repository.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (relative: string) => readFileSync(join(root, relative), 'utf8');

type Yaml = Record<string, any>;

interface Deployable {
  name: string;
  port: number;
  dir: string;
}
const deployables: Deployable[] = [...SERVICES, { name: 'gateway', port: GATEWAY_PORT, dir: GATEWAY_DIR }];

const compose = parse(read('docker-compose.yml'), { merge: true }) as Yaml;
const k8sFiles = readdirSync(join(root, 'k8s')).filter((f) => f.endsWith('.yaml'));
const k8s = new Map<string, Yaml[]>(
  k8sFiles.map((file) => {
    const docs = parseAllDocuments(read(`k8s/${file}`));
    for (const doc of docs) {
      if (doc.errors.length) throw new Error(`k8s/${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
    return [file, docs.map((d) => d.toJS() as Yaml).filter(Boolean)];
  }),
);
const allK8sObjects = [...k8s.values()].flat();
const configMaps = new Map<string, Record<string, string>>(
  allK8sObjects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]),
);

/** Env names that hold secrets: they must come from a Secret or an interpolated variable, never a literal. */
const SENSITIVE = /(KEY|SECRET|PASSWORD|TOKEN|CREDENTIALS)$|^(DATABASE_URL|SMTP_URL)$/;
const PLACEHOLDER = 'change-me';

function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function isTObject(value: unknown): value is TObject {
  return (
    !!value && typeof value === 'object' && (value as TObject).type === 'object' && 'properties' in value
  );
}

/** Imports a package's root entry (src/index.ts) by path: a freshly generated service needs no `npm install` to be checked. */
async function importEntry(dir: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ pathToFileURL(join(root, dir, 'src/index.ts')).href)) as Record<
    string,
    unknown
  >;
}

function findConfigSchema(mod: Record<string, unknown>): TObject | undefined {
  return Object.entries(mod).find(([k, v]) => /Config(Schema)?$/.test(k) && isTObject(v))?.[1] as
    TObject | undefined;
}

/**
 * The env names a deployable accepts. A service: the runtime's base settings plus the config of
 * the ServiceDefinition it exports as `<camelName>Service` from its package root. The gateway:
 * its config schema (…ConfigSchema, from its root or src/config.ts) and SERVICE_URL_<NAME>.
 */
async function configKeys(d: Deployable): Promise<Set<string>> {
  if (d.name === 'gateway') {
    // The gateway has a config schema of its own (no database), plus one SERVICE_URL_<NAME> per service.
    let schema = findConfigSchema(await importEntry(d.dir));
    if (!schema && existsSync(join(root, d.dir, 'src/config.ts'))) {
      schema = findConfigSchema(
        (await import(/* @vite-ignore */ pathToFileURL(join(root, d.dir, 'src/config.ts')).href)) as Record<
          string,
          unknown
        >,
      );
    }
    expect(schema, 'the gateway exports its config schema').toBeDefined();
    return new Set([...Object.keys(schema!.properties), ...SERVICES.map((s) => serviceUrlEnvName(s.name))]);
  }
  const keys = new Set(Object.keys(BaseConfigSchema.properties));
  const exportName = `${camelCase(d.name)}Service`;
  const def = (await importEntry(d.dir))[exportName] as { name?: string; config?: TObject } | undefined;
  expect(def, `${d.dir}/src/index.ts exports ${exportName}`).toBeDefined();
  expect(def!.name).toBe(d.name);
  for (const k of Object.keys(def!.config?.properties ?? {})) keys.add(k);
  return keys;
}

function manifest(name: string): Yaml[] {
  const docs = k8s.get(`${name}.yaml`);
  expect(docs, `k8s/${name}.yaml exists`).toBeDefined();
  return docs!;
}

function deploymentOf(name: string): Yaml {
  const deployment = manifest(name).find((o) => o.kind === 'Deployment');
  expect(deployment, `k8s/${name}.yaml has a Deployment`).toBeDefined();
  expect(deployment!.metadata.name).toBe(name);
  return deployment!;
}

function containerOf(name: string): Yaml {
  const containers = deploymentOf(name).spec.template.spec.containers as Yaml[];
  const container = containers.find((c) => c.name === name);
  expect(container, `the ${name} Deployment has a container named ${name}`).toBeDefined();
  return container!;
}

/** Every env name a k8s container gets: its own env and the keys of the ConfigMaps it loads. */
function k8sEnvNames(container: Yaml): string[] {
  const names = (container.env ?? []).map((e: Yaml) => e.name as string);
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const data = configMaps.get(source.configMapRef.name);
      expect(data, `ConfigMap ${source.configMapRef.name} is defined in k8s/`).toBeDefined();
      names.push(...Object.keys(data!));
    }
    expect(
      source.secretRef,
      'secrets are referenced key by key (secretKeyRef), not with envFrom',
    ).toBeUndefined();
  }
  return names;
}

describe('the port table (infra/services.ts)', () => {
  it('lists every service directory under services/, each once, on distinct ports', () => {
    const dirs = readdirSync(join(root, 'services')).filter((d) =>
      existsSync(join(root, 'services', d, 'package.json')),
    );
    expect(SERVICES.map((s) => s.name).sort()).toEqual(dirs.sort());
    for (const s of SERVICES) expect(s.dir).toBe(`services/${s.name}`);
    const ports = deployables.map((d) => d.port);
    expect(new Set(ports).size).toBe(ports.length);
    expect(GATEWAY_PORT).toBe(8080);
  });
});

describe.each(deployables)('$name', (d) => {
  it('has a Dockerfile that runs as a non-root user', () => {
    const dockerfile = join(root, d.dir, 'Dockerfile');
    expect(existsSync(dockerfile), `${d.dir}/Dockerfile exists`).toBe(true);
    const users = read(`${d.dir}/Dockerfile`)
      .split('\n')
      .map((l) => l.trim().match(/^USER\s+(\S+)/i)?.[1])
      .filter((u): u is string => !!u);
    expect(users.length, `${d.dir}/Dockerfile sets USER`).toBeGreaterThan(0);
    const finalUser = users.at(-1)!.split(':')[0];
    expect(['root', '0']).not.toContain(finalUser);
  });

  it('installs what its start command needs (tsx is a runtime dependency when the image runs TypeScript)', () => {
    if (!existsSync(join(root, d.dir, 'Dockerfile'))) return; // reported by the test above
    const dockerfile = read(`${d.dir}/Dockerfile`);
    if (!/--import["',\s]+tsx/.test(dockerfile)) return;
    // The image installs only runtime dependencies (npm ci --omit=dev): the root's devDependencies are not there.
    const dependencies = (dir: string) =>
      Object.keys((JSON.parse(read(`${dir}/package.json`)) as { dependencies?: object }).dependencies ?? {});
    const available = [...dependencies(d.dir), ...dependencies('packages/service-runtime')];
    expect(available, `${d.dir}/package.json (or @mer/service-runtime) lists tsx in dependencies`).toContain(
      'tsx',
    );
  });

  it('has a docker-compose service built from its Dockerfile, on its port, with a /readyz healthcheck', () => {
    const service = compose.services?.[d.name] as Yaml | undefined;
    expect(service, `docker-compose.yml has a service named ${d.name}`).toBeDefined();
    expect(service!.build).toEqual({ context: '.', dockerfile: `${d.dir}/Dockerfile` });
    const env = service!.environment as Record<string, unknown>;
    expect(String(env.PORT)).toBe(String(d.port));
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.JWKS_URL).toBe(
      `http://identity:${SERVICES.find((s) => s.name === 'identity')!.port}/api/v1/identity/.well-known/jwks.json`,
    );
    const healthcheck = (service!.healthcheck?.test ?? []).join(' ');
    expect(healthcheck).toContain(`127.0.0.1:${d.port}/readyz`);
    expect(service!.read_only).toBe(true);
    expect(service!.cap_drop).toEqual(['ALL']);
  });

  it('has k8s/<name>.yaml with a Deployment and a Service on its port', () => {
    const container = containerOf(d.name);
    expect(container.image).toMatch(new RegExp(`^mer/${d.name}(:|$)`));
    expect(container.ports).toEqual([{ name: 'http', containerPort: d.port }]);
    expect(container.env.find((e: Yaml) => e.name === 'PORT')?.value).toBe(String(d.port));
    const service = manifest(d.name).find((o) => o.kind === 'Service');
    expect(service, `k8s/${d.name}.yaml has a Service`).toBeDefined();
    expect(service!.metadata.name).toBe(d.name);
    expect(service!.spec.ports).toEqual([{ name: 'http', port: d.port, targetPort: 'http' }]);
    const podLabels = deploymentOf(d.name).spec.template.metadata.labels;
    for (const [k, v] of Object.entries(service!.spec.selector as Record<string, string>)) {
      expect(podLabels[k]).toBe(v);
    }
    for (const [k, v] of Object.entries(
      deploymentOf(d.name).spec.selector.matchLabels as Record<string, string>,
    )) {
      expect(podLabels[k]).toBe(v);
    }
  });

  it('probes /readyz for readiness and /healthz for liveness', () => {
    const container = containerOf(d.name);
    expect(container.readinessProbe.httpGet).toMatchObject({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toMatchObject({ path: '/healthz', port: 'http' });
  });

  it('runs non-root on a read-only root filesystem, without privileges, within resource limits', () => {
    const deployment = deploymentOf(d.name);
    const pod = deployment.spec.template.spec;
    const container = containerOf(d.name);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      capabilities: { drop: ['ALL'] },
    });
    for (const kind of ['requests', 'limits']) {
      expect(container.resources?.[kind]?.cpu, `${kind}.cpu`).toBeDefined();
      expect(container.resources?.[kind]?.memory, `${kind}.memory`).toBeDefined();
    }
    // With a read-only root, /tmp (tsx's cache, Node's temp files) must be a writable volume.
    const tmpMount = (container.volumeMounts ?? []).find((m: Yaml) => m.mountPath === '/tmp');
    expect(tmpMount).toBeDefined();
    expect((pod.volumes ?? []).find((v: Yaml) => v.name === tmpMount.name)?.emptyDir).toBeDefined();
  });

  it('sets only env vars its config schema knows', async () => {
    const keys = await configKeys(d);
    const k8sNames = k8sEnvNames(containerOf(d.name));
    const composeNames = Object.keys(compose.services[d.name].environment);
    const unknown = [...new Set([...k8sNames, ...composeNames])].filter((n) => !keys.has(n));
    expect(unknown, `env vars ${d.name} does not read`).toEqual([]);
  });
});

describe('the gateway', () => {
  it('knows every service by SERVICE_URL_<NAME>, in compose and k8s', () => {
    const composeEnv = compose.services.gateway.environment as Record<string, string>;
    const k8sEnv = new Map<string, string>(
      (containerOf('gateway').env as Yaml[]).map((e) => [e.name as string, e.value as string]),
    );
    for (const s of SERVICES) {
      const name = serviceUrlEnvName(s.name);
      expect(composeEnv[name]).toBe(`http://${s.name}:${s.port}`);
      expect(k8sEnv.get(name)).toBe(`http://${s.name}:${s.port}`);
    }
    const expected = new Set(SERVICES.map((s) => serviceUrlEnvName(s.name)));
    const extra = [...Object.keys(composeEnv), ...k8sEnv.keys()].filter(
      (n) => n.startsWith('SERVICE_URL_') && !expected.has(n),
    );
    expect(extra, 'SERVICE_URL_ entries for services that do not exist').toEqual([]);
  });

  it('starts after the services in compose', () => {
    const dependsOn = compose.services.gateway.depends_on as Record<string, unknown>;
    for (const s of SERVICES) expect(dependsOn[s.name]).toEqual({ condition: 'service_healthy' });
  });
});

describe('k8s/', () => {
  it('has a namespace, the shared ConfigMap and a Secret template, and every object in that namespace', () => {
    expect(k8s.get('namespace.yaml')?.[0]).toMatchObject({ kind: 'Namespace', metadata: { name: 'mer' } });
    expect(configMaps.has('mer-config')).toBe(true);
    const identityPort = SERVICES.find((s) => s.name === 'identity')!.port;
    expect(configMaps.get('mer-config')!.JWKS_URL).toBe(
      `http://identity:${identityPort}/api/v1/identity/.well-known/jwks.json`,
    );
    expect(configMaps.get('mer-config')!.HOST).toBe('0.0.0.0');
    expect(allK8sObjects.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name)).toEqual([
      'mer-secrets',
    ]);
    for (const o of allK8sObjects) {
      if (o.kind !== 'Namespace' && o.kind !== 'Kustomization')
        expect(o.metadata.namespace, o.kind).toBe('mer');
    }
  });

  it('holds one manifest per deployable and nothing else', () => {
    const expected = new Set([
      'namespace.yaml',
      'config.yaml',
      'secret.template.yaml',
      'kustomization.yaml',
      ...deployables.map((d) => `${d.name}.yaml`),
    ]);
    expect(new Set(k8sFiles)).toEqual(expected);
  });

  it('lists every manifest and image in kustomization.yaml', () => {
    const kustomization = k8s.get('kustomization.yaml')![0]!;
    expect(new Set(kustomization.resources)).toEqual(
      new Set(k8sFiles.filter((f) => f !== 'kustomization.yaml')),
    );
    expect(new Set(kustomization.images.map((i: Yaml) => i.name))).toEqual(
      new Set(deployables.map((d) => `mer/${d.name}`)),
    );
  });

  it('references only Secret keys the template declares, and only ConfigMaps that exist', () => {
    const template = allK8sObjects.find((o) => o.kind === 'Secret')!;
    const declared = new Set(Object.keys(template.stringData ?? {}));
    for (const d of deployables) {
      for (const e of containerOf(d.name).env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (!ref) continue;
        expect(ref.name).toBe('mer-secrets');
        if (!ref.optional)
          expect(declared.has(ref.key), `${d.name}: ${ref.key} in the Secret template`).toBe(true);
      }
    }
  });
});

describe('no secrets in the repository', () => {
  it('the Secret template holds placeholders only', () => {
    const template = allK8sObjects.find((o) => o.kind === 'Secret')!;
    expect(template.data, 'no base64 data block: placeholders go in stringData').toBeUndefined();
    const values = Object.entries(template.stringData as Record<string, string>);
    expect(values.length).toBeGreaterThan(0);
    for (const [key, value] of values) expect(value, key).toContain(PLACEHOLDER);
  });

  it('k8s manifests take sensitive settings from the Secret, never as literal values', () => {
    for (const d of deployables) {
      for (const e of containerOf(d.name).env ?? []) {
        if (SENSITIVE.test(e.name))
          expect(e.value, `${d.name}: ${e.name} must use secretKeyRef`).toBeUndefined();
      }
    }
    for (const [name, data] of configMaps) {
      for (const key of Object.keys(data))
        expect(SENSITIVE.test(key), `ConfigMap ${name} holds ${key}`).toBe(false);
    }
  });

  it('docker-compose.yml reads sensitive settings from the environment with placeholder defaults', () => {
    for (const [name, service] of Object.entries(compose.services as Record<string, Yaml>)) {
      for (const [key, raw] of Object.entries((service.environment ?? {}) as Record<string, unknown>)) {
        if (!SENSITIVE.test(key)) continue;
        const value = String(raw);
        // ${VAR} or ${VAR:-default} with an empty, placeholder or in-compose (mailpit) default.
        const interpolations = [...value.matchAll(/\$\{([A-Z_]+)(?::?-([^}]*))?\}/g)];
        expect(interpolations.length, `${name}: ${key} comes from the environment`).toBeGreaterThan(0);
        for (const [, , fallback] of interpolations) {
          if (fallback && key !== 'SMTP_URL') expect(fallback, `${name}: ${key}`).toContain(PLACEHOLDER);
        }
      }
    }
  });

  it('no private keys or tokens are committed in deployment files and .env.example files', () => {
    const files = [
      'docker-compose.yml',
      ...k8sFiles.map((f) => `k8s/${f}`),
      ...deployables.map((d) => `${d.dir}/.env.example`).filter((f) => existsSync(join(root, f))),
    ];
    for (const file of files) {
      const text = read(file);
      expect(text, file).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
      expect(text, file).not.toMatch(/\bsk_(live|test)_[A-Za-z0-9]{8,}/);
      expect(text, file).not.toMatch(/\bey[A-Za-z0-9_-]{10,}\.ey[A-Za-z0-9_-]{10,}\./);
    }
  });

  it('.env.example files exist and list only keys the service reads', async () => {
    for (const d of deployables) {
      const file = `${d.dir}/.env.example`;
      if (!existsSync(join(root, file)) || !statSync(join(root, file)).isFile()) {
        throw new Error(`${file} is missing`);
      }
      const keys = await configKeys(d);
      const listed = read(file)
        .split('\n')
        .map((l) => l.replace(/^#\s*/, '').match(/^([A-Z][A-Z0-9_]*)=/)?.[1])
        .filter((k): k is string => !!k);
      expect(
        listed.filter((k) => !keys.has(k)),
        `${file} lists unknown keys`,
      ).toEqual([]);
    }
  });
});
