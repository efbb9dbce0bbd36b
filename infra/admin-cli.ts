import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readOperatorKey } from './operator-key.ts';

/**
 * The operator CLI: `npm run admin -- <command> [options]`. It talks to the running MER
 * (embedded or cluster) through the gateway with the installation's operator key.
 */
const usage = `Usage: npm run admin -- create-invitation [--uses N] [--discount P] [--expires YYYY-MM-DD]
       npm run admin -- rebuild-search-index

  create-invitation   print a new invitation code
    --uses N          how many people it admits (default 1)
    --discount P      membership discount in percent, 1-100 (optional)
    --expires DATE    last day it can be used (optional)

  rebuild-search-index  rebuild search's index from the event streams (services/search/README.md)

Environment: MER_URL (default http://localhost:8080), OPERATOR_KEY (default: read from ./data/operator.key)`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'rebuild-search-index') return rebuildSearchIndex();
  if (command !== 'create-invitation') {
    console.error(usage);
    return command ? 2 : 0;
  }
  const { values } = parseArgs({
    args: rest,
    options: { uses: { type: 'string' }, discount: { type: 'string' }, expires: { type: 'string' } },
  });
  const body: Record<string, unknown> = {};
  if (values.uses !== undefined) body.maxUses = Number(values.uses);
  if (values.discount !== undefined) body.discountPercent = Number(values.discount);
  if (values.expires !== undefined) body.expiresAt = new Date(`${values.expires}T23:59:59Z`).toISOString();

  const key = await readOperatorKey(join(process.env.MER_DATA_DIR ?? 'data', 'operator.key'));
  if (!key) {
    console.error('No operator key: start MER once (npm start) or set OPERATOR_KEY.');
    return 1;
  }
  const base = process.env.MER_URL ?? 'http://localhost:8080';
  let res: Response;
  try {
    res = await fetch(`${base}/api/v1/identity/operator/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-key': key },
      body: JSON.stringify(body),
    });
  } catch {
    console.error(`MER is not reachable at ${base}. Start it with "npm start" (or set MER_URL).`);
    return 1;
  }
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) {
    const e = json.error ?? {};
    const fields = (e.details?.fields ?? [])
      .map((f: { field: string; message: string }) => `\n  ${f.field}: ${f.message}`)
      .join('');
    console.error(`${e.title ?? 'Error'}: ${e.message ?? res.statusText}${fields}`);
    return 1;
  }
  const discount = json.discountPercent ? `, ${json.discountPercent}% discount` : '';
  console.log(
    `Invitation code: ${json.code}  (${json.maxUses} use${json.maxUses === 1 ? '' : 's'}${discount})`,
  );
  return 0;
}

/** search's read model is derived data: the operator can have it replayed from the streams. */
async function rebuildSearchIndex(): Promise<number> {
  const key = await readOperatorKey(join(process.env.MER_DATA_DIR ?? 'data', 'operator.key'));
  if (!key) {
    console.error('No operator key: start MER once (npm start) or set OPERATOR_KEY.');
    return 1;
  }
  const base = process.env.MER_URL ?? 'http://localhost:8080';
  let res: Response;
  try {
    res = await fetch(`${base}/api/v1/search/index/rebuild`, {
      method: 'POST',
      headers: { 'x-operator-key': key },
    });
  } catch {
    console.error(`MER is not reachable at ${base}. Start it with "npm start" (or set MER_URL).`);
    return 1;
  }
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) {
    console.error(`${json.error?.title ?? 'Error'}: ${json.error?.message ?? res.statusText}`);
    return 1;
  }
  console.log(
    `Search index rebuild ${json.generation} started at ${json.startedAt}: the streams are being replayed.`,
  );
  return 0;
}

process.exitCode = await main();
