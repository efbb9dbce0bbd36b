/** community-feed's public entry: the topologies start it through this definition, nothing else is imported. */
export { communityFeedService } from './app.ts';
export { CommunityFeedConfigSchema, type CommunityFeedConfig } from './config.ts';
