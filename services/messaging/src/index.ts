/** messaging's public entry: the topologies start it through this definition, nothing else is imported. */
export { messagingService } from './app.ts';
export { MessagingConfigSchema, type MessagingConfig } from './config.ts';
