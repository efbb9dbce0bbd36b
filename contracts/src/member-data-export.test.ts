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

  it('downloads every me/export route there is, and a part of each service known to hold member data', () => {
    const exportRoutes = allRoutes.filter((r) => r.path.endsWith('/me/export')).map((r) => r.path);
    expect(exportRoutes.sort()).toEqual(memberDataExportParts.map((p) => p.path).sort());
    // A new service that keeps member data adds its part (docs/adding-a-service.md, "Download my data").
    for (const service of ['identity', 'profile-onboarding', 'billing', 'notifications-email'])
      expect(memberDataExportParts.map((p) => p.service)).toContain(service);
  });

  it('never declares a field that looks like a secret', () => {
    const text = JSON.stringify(memberDataExportRoutes.map((r) => r.response));
    expect(text).not.toMatch(/password|hash|token|secret|private/i);
  });
});
