/** admin's public entry: the topologies start it through this definition, nothing else is imported. */
export { adminService } from './app.ts';
export { AdminConfigSchema, type AdminConfig } from './config.ts';
