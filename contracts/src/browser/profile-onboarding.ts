// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['profile-onboarding'];

/** Member count and the 4 newest members for the landing page (cached 60 s) */
export const communityStats: BrowserRouteOf<Routes['communityStats']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/community-stats',
  access: 'public',
};

/** The signed-in member's profile (404 Item Not Found while none exists yet) */
export const myProfile: BrowserRouteOf<Routes['myProfile']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/profiles/me',
  access: 'user',
};

/** Changes the signed-in member's profile with the wizard's rules; publishes profile.updated */
export const updateMyProfile: BrowserRouteOf<Routes['updateMyProfile']> = {
  method: 'PATCH',
  path: '/api/v1/profile-onboarding/profiles/me',
  access: 'user',
};

/** Another member's public profile (no e-mail; birth data only when shared) */
export const publicProfile: BrowserRouteOf<Routes['publicProfile']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/profiles/:userId',
  access: 'user',
};

/** Cities: the 20 biggest without q, else at most 10 whose name contains q (exact, prefix, then population) */
export const cities: BrowserRouteOf<Routes['cities']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/cities',
  access: 'user',
};

/** One city by id */
export const city: BrowserRouteOf<Routes['city']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/cities/:id',
  access: 'user',
};

/** ISO 639-1 languages by name, popular ones flagged */
export const languages: BrowserRouteOf<Routes['languages']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/languages',
  access: 'user',
};

/** Active practices (interests) by name */
export const practices: BrowserRouteOf<Routes['practices']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/practices',
  access: 'user',
};

/** Suggests a custom interest (201); an existing practice's name answers 200 { practice }, a repeat 200 { suggestion }. Needs a login ('Please log in to suggest interests') */
export const suggestInterest: BrowserRouteOf<Routes['suggestInterest']> = {
  method: 'POST',
  path: '/api/v1/profile-onboarding/interest-suggestions',
  access: 'user',
};

/** Interest suggestions for reviewers, newest first */
export const listInterestSuggestions: BrowserRouteOf<Routes['listInterestSuggestions']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/admin/interest-suggestions',
  access: 'user',
};

/** Approves a pending suggestion: its name joins the practices (category 'user_suggested') */
export const approveInterestSuggestion: BrowserRouteOf<Routes['approveInterestSuggestion']> = {
  method: 'POST',
  path: '/api/v1/profile-onboarding/admin/interest-suggestions/:id/approve',
  access: 'user',
};

/** Rejects a pending suggestion with a reason */
export const rejectInterestSuggestion: BrowserRouteOf<Routes['rejectInterestSuggestion']> = {
  method: 'POST',
  path: '/api/v1/profile-onboarding/admin/interest-suggestions/:id/reject',
  access: 'user',
};

/** The member's saved wizard progress (null when there is none yet) */
export const getOnboardingDraft: BrowserRouteOf<Routes['getOnboardingDraft']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/onboarding/draft',
  access: 'user',
};

/** Saves the member's wizard progress (last write wins) */
export const saveOnboardingDraft: BrowserRouteOf<Routes['saveOnboardingDraft']> = {
  method: 'PUT',
  path: '/api/v1/profile-onboarding/onboarding/draft',
  access: 'user',
};

/** Forgets the member's wizard progress (Start Fresh) */
export const deleteOnboardingDraft: BrowserRouteOf<Routes['deleteOnboardingDraft']> = {
  method: 'DELETE',
  path: '/api/v1/profile-onboarding/onboarding/draft',
  access: 'user',
};

/** Completes onboarding: saves the profile, links practices, deletes the draft, publishes profile.completed */
export const completeOnboarding: BrowserRouteOf<Routes['completeOnboarding']> = {
  method: 'POST',
  path: '/api/v1/profile-onboarding/onboarding/complete',
  access: 'user',
};

/** Upload a profile photo as raw image bytes: type sniffed, re-encoded (square JPEG, at most 1024 px, no EXIF), exactly one face required */
export const uploadPhoto: BrowserRouteOf<Routes['uploadPhoto']> = {
  method: 'POST',
  path: '/api/v1/profile-onboarding/photos',
  access: 'user',
};

/** A stored photo (JPEG), cacheable for a year: its name never changes meaning */
export const photoFile: BrowserRouteOf<Routes['photoFile']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/photos/:fileName',
  access: 'public',
};

/** Make one of the member's own uploaded photos their profile photo */
export const setProfilePhoto: BrowserRouteOf<Routes['setProfilePhoto']> = {
  method: 'PUT',
  path: '/api/v1/profile-onboarding/profiles/me/photo',
  access: 'user',
};

/** Sun, moon and rising signs and Human Design for birth data ('Location Error' without coordinates); stores nothing */
export const calculateChart: BrowserRouteOf<Routes['calculateChart']> = {
  method: 'POST',
  path: '/api/v1/profile-onboarding/charts/calculate',
  access: 'user',
};

/** Calculate and store the member's chart (astrology_profiles and the Human Design fields) */
export const storeMyChart: BrowserRouteOf<Routes['storeMyChart']> = {
  method: 'PUT',
  path: '/api/v1/profile-onboarding/charts/me',
  access: 'user',
};

/** The member's stored chart (null while they have given no birth data) */
export const getMyChart: BrowserRouteOf<Routes['getMyChart']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/charts/me',
  access: 'user',
};

/** Forget the member's birth data and chart (the 'No worries' path) */
export const deleteMyChart: BrowserRouteOf<Routes['deleteMyChart']> = {
  method: 'DELETE',
  path: '/api/v1/profile-onboarding/charts/me',
  access: 'user',
};

/** Another member's signs and Human Design (bodygraph) when they share their birth data; null when they have no chart or do not share it (one answer for both); 404 Item Not Found for an unknown member */
export const memberChart: BrowserRouteOf<Routes['memberChart']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/profiles/:userId/chart',
  access: 'user',
};

/** Score and plain-word reasons for the caller and another member who both stored charts (404 otherwise) */
export const compatibility: BrowserRouteOf<Routes['compatibility']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/compatibility/:userId',
  access: 'user',
};

/** The member's data held by profile-onboarding, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/profile-onboarding/me/export',
  access: 'user',
};
