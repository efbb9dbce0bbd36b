import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * A fault test's copies of one service, each its own process (as in the cluster topology) on real PostgreSQL and
 * NATS, on the schema and bus namespace the test gives, with everything they print kept for a failure's message.
 * `env` adds the service's own settings; `unset` names variables of this process the copies must not inherit.
 */
export function serviceProcesses(where: {
  service: string;
  postgres?: string;
  nats?: string;
  schema: string;
  namespace: string;
  env?: Record<string, string>;
  unset?: string[];
}) {
  const children: ChildProcess[] = [];
  let output = '';
  return {
    start(): ChildProcess {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: where.postgres,
        NATS_URL: where.nats,
        DATABASE_SCHEMA: where.schema,
        BUS_NAMESPACE: where.namespace,
        PORT: '0',
        LOG_LEVEL: 'warn',
        JWKS_URL: 'http://127.0.0.1:9/jwks.json',
        ...where.env,
      };
      for (const name of where.unset ?? []) delete env[name];
      const child = spawn(process.execPath, ['--import', 'tsx', `services/${where.service}/src/server.ts`], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      children.push(child);
      return child;
    },
    output: () => output,
    /** The survivors shut down gracefully (SIGTERM), forced after 5 s. */
    async stopAll(): Promise<void> {
      for (const child of children) {
        if (child.exitCode !== null || child.signalCode !== null) continue;
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited(child);
        clearTimeout(forced);
      }
    },
  };
}
