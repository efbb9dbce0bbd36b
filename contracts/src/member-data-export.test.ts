import { describe, expect, it } from 'vitest';
import { allRoutes, memberDataExportParts, memberDataExportRoutes, routesByService } from './index.ts';

describe('Download my data: the parts', () => {
  it('names one user GET route per part, in the same order, each registered with its service', () => {
    expect(memberDataExportRoutes.map((r) => [r.service, r.path])).toEqual(
      memberDataExportParts.map((p) => [p.service, p.path]),
    );
    for (const route of memberDataExportRoutes) {
      expect(route.method).toBe('GET');
      expect(route.access.kind).toBe('user');
      expect(route.path).toBe(`/api/v1/${route.service}/me/export`);
      expect(Object.values(routesByService[route.service] ?? {})).toContain(route);
      expect(allRoutes).toContain(route);
    }
  });

  it('covers every service that has routes (a new service adds its part)', () => {
    // Services without member data would be listed here with the reason; today every service holds some.
    expect(memberDataExportParts.map((p) => p.service).sort()).toEqual(Object.keys(routesByService).sort());
  });

  it('never declares a field that looks like a secret', () => {
    const text = JSON.stringify(memberDataExportRoutes.map((r) => r.response));
    expect(text).not.toMatch(/password|hash|token|secret|private/i);
  });
});
