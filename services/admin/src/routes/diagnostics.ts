import { adminRoutes } from '@mer/contracts';
import { registerRoute, type App } from '@mer/service-runtime';
import type { AdminDeps } from '../deps.ts';
import { busDiagnostics } from '../use-cases/bus-diagnostics.ts';

export function registerDiagnosticsRoutes(app: App, deps: AdminDeps): void {
  registerRoute(app, adminRoutes.busDiagnostics, async () => busDiagnostics(deps));
}
