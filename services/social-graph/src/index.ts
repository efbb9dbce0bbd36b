/** social-graph's public entry: the topologies start it through this definition, nothing else is imported. */
export { socialGraphService } from './app.ts';
export { SocialGraphConfigSchema, type SocialGraphConfig } from './config.ts';
