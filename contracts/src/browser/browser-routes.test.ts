import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_DIR, HAND_WRITTEN, renderBrowserRoutes } from '../../scripts/generate-browser-routes.ts';
import { routesByService } from '../index.ts';
import * as browser from './index.ts';

describe('the browser route table', () => {
  it('is what the generator writes from routesByService (run `npm run generate:browser-routes`)', async () => {
    const files = await renderBrowserRoutes();
    const onDisk = (await readdir(BROWSER_DIR)).filter((name) => !HAND_WRITTEN.has(name)).sort();
    expect(onDisk).toEqual([...files.keys()].sort());
    for (const [name, text] of files)
      expect(await readFile(resolve(BROWSER_DIR, name), 'utf8'), name).toBe(text);
  });

  it('has the method and path of every route a browser may call, and no operator or internal route', () => {
    const namespaces = browser as unknown as Record<string, Record<string, { method: string; path: string }>>;
    for (const [service, routes] of Object.entries(routesByService)) {
      const table = namespaces[service.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())];
      expect(table, service).toBeDefined();
      for (const [name, route] of Object.entries(routes)) {
        if (route.access.kind === 'operator' || route.access.kind === 'internal')
          expect(table![name], name).toBeUndefined();
        else
          expect(table![name], name).toEqual({
            method: route.method,
            path: route.path,
            access: route.access.kind === 'public' ? 'public' : 'user',
          });
      }
    }
  });
});
