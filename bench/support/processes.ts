import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** What the cluster-topology benchmarks share: their child processes and their percentiles. */

export const repoRoot = resolve(import.meta.dirname, '../..');

/** Starts a service or the gateway as its own process (cluster topology); its stderr is prefixed with its name. */
export function launch(name: string, entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`${name}: ${d}`));
  return child;
}

/** Waits until `url` answers /readyz (2 minutes at most), failing at once if the process exits. */
export async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready`);
}

export const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** The p-th percentile of ascending numbers (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
