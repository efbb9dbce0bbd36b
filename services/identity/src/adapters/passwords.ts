import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Options } from '@node-rs/argon2';
import { Piscina } from 'piscina';

const ARGON2ID: Options = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

type HashingTask =
  { op: 'hash'; password: string; options: Options } | { op: 'verify'; hash: string; password: string };

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane), off the event loop: in a pool of
 * worker threads, one per core, that run at a lower scheduling priority. Logins may use every
 * core, yet the kernel gives the event loop the CPU first, so other requests stay fast
 * (npm run bench:login). Logins beyond the pool's size wait in its queue. One per running
 * service (built in deps, closed when it stops); the threads start on the first use.
 */
export class PasswordHasher {
  private pool: Piscina | undefined;
  private dummyHash: Promise<string> | undefined;

  async hash(password: string): Promise<string> {
    return (await this.run({ op: 'hash', password, options: ARGON2ID })) as string;
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    return (await this.run({ op: 'verify', hash: passwordHash, password })) as boolean;
  }

  /**
   * Spends the same time as a real check when the account does not exist, so response times do
   * not reveal which e-mails and usernames are registered. Always false.
   */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(await this.dummyHash, password);
    return false;
  }

  /** Ends the hashing threads (service shutdown). */
  async close(): Promise<void> {
    const current = this.pool;
    this.pool = undefined;
    this.dummyHash = undefined;
    await current?.destroy();
  }

  private run(task: HashingTask): Promise<string | boolean> {
    this.pool ??= new Piscina({
      filename: new URL('./password-hashing.worker.mjs', import.meta.url).href,
      maxThreads: availableParallelism(),
      minThreads: 1,
      idleTimeout: 60_000,
    });
    return this.pool.run(task) as Promise<string | boolean>;
  }
}

/** A random password for the first admin: 20 characters from an unambiguous alphabet. */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
  }
  return out.length === length ? out : generatePassword(length);
}
