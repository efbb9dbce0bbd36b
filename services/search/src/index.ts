/** search's public entry: the topologies start it through this definition, nothing else is imported. */
export { searchService } from './app.ts';
export { SearchConfigSchema, type SearchConfig } from './config.ts';
