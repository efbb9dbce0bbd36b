/** events-circles's public entry: the topologies start it through this definition, nothing else is imported. */
export { eventsCirclesService } from './app.ts';
export { EventsCirclesConfigSchema, type EventsCirclesConfig } from './config.ts';
