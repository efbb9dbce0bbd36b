/** billing's public entry: the topologies start it through this definition, nothing else is imported. */
export { billingService } from './app.ts';
export { BillingConfigSchema, type BillingConfig } from './config.ts';
