/** stencil-demo's public entry: the topologies start it through this definition, nothing else is imported. */
export { stencilDemoService } from './app.ts';
export { StencilDemoConfigSchema, type StencilDemoConfig } from './config.ts';
