import type { ServiceContext } from '@mer/service-runtime';
import type { BillingConfig } from '../config.ts';
import type { PaymentProvider } from '../providers/provider.ts';
import type { TestPaymentProvider } from '../providers/test-provider.ts';

/** What billing's use cases work with: the service context and the configured payment provider. */
export interface BillingDeps {
  ctx: ServiceContext<BillingConfig>;
  provider: PaymentProvider | TestPaymentProvider;
}

export function siteUrl(deps: BillingDeps, path: string): string {
  return `${deps.ctx.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
}
