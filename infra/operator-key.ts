import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The installation's operator key (used by `npm run admin`). Taken from OPERATOR_KEY, else
 * kept in <data>/operator.key, readable by the owner only, created on first start.
 */
export async function ensureOperatorKey(file: string): Promise<string> {
  if (process.env.OPERATOR_KEY) return process.env.OPERATOR_KEY;
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const key = randomBytes(32).toString('base64url');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${key}\n`, { mode: 0o600 });
    return key;
  }
}

export async function readOperatorKey(file: string): Promise<string | undefined> {
  if (process.env.OPERATOR_KEY) return process.env.OPERATOR_KEY;
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    return undefined;
  }
}
