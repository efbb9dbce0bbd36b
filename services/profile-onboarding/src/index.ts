/** profile-onboarding's public entry: the topologies start it through this definition, nothing else is imported. */
export { profileOnboardingService } from './app.ts';
export { ProfileOnboardingConfigSchema, type ProfileOnboardingConfig } from './config.ts';
