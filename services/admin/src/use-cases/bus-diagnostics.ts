import type { BusDiagnostics } from '@mer/contracts';
import type { AdminDeps } from '../deps.ts';

/** What the embedded bus cannot tell, in the admin's words. */
export const EMBEDDED_BUS_NOTE =
  'Embedded bus (one process): unacknowledged counts are known only for consumers running in this process; ' +
  'others show "not available".';

/** Every durable consumer of the bus with its pending and unacknowledged events. */
export async function busDiagnostics(deps: Pick<AdminDeps, 'bus'>): Promise<BusDiagnostics> {
  const consumers = await deps.bus.consumerLag();
  return {
    bus: deps.bus.kind,
    checkedAt: new Date().toISOString(),
    consumers,
    note: deps.bus.kind === 'embedded' ? EMBEDDED_BUS_NOTE : null,
  };
}
