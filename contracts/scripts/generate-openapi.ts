import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { buildOpenApiDocument } from '../src/index.ts';

/** `npm run openapi`: writes contracts/openapi.json from the contracts. Commit the result. */
export const OPENAPI_FILE = resolve(import.meta.dirname, '..', 'openapi.json');
export const renderOpenApi = () => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await writeFile(OPENAPI_FILE, renderOpenApi());
  console.log(`Wrote ${OPENAPI_FILE}`);
}
