/*
 * "Download my data" (issue 13 item 13): every service that holds member data answers
 * `GET /api/v1/<service>/me/export` with its own part. This module names the parts in one place and imports
 * nothing (no TypeBox), so the front end reads it without bundling the schemas: a service added later lists its
 * part here (and its route in member-data-export.ts) and the Settings page downloads it with no change.
 */

/** The version of every part's shape; a part whose shape changes incompatibly gets the next number. */
export const MEMBER_DATA_EXPORT_VERSION = 1;

export interface MemberDataExportPart {
  service: string;
  /** The part's route: a GET with the member's access token; the member is the token's subject. */
  path: string;
  /** What the part holds, in plain words; the downloaded file carries it as its `about`. */
  about: string;
}

export const memberDataExportParts = [
  {
    service: 'identity',
    path: '/api/v1/identity/me/export',
    about:
      'Your account (name, username, e-mail, when it was confirmed), the invitation code you joined with, your roles, your sign-in sessions (devices are not recorded; no tokens) and any waiting-list registration under your e-mail.',
  },
  {
    service: 'profile-onboarding',
    path: '/api/v1/profile-onboarding/me/export',
    about:
      'Your profile and its notification and privacy preferences, your practices, your photos (with their addresses), your saved onboarding draft, your birth data and chart, your badges with the facts they come from, and the interests you suggested.',
  },
  {
    service: 'billing',
    path: '/api/v1/billing/me/export',
    about:
      'What billing knows of you: your name and e-mail as you registered, your memberships, your payments and checkouts (amounts in cents) and your invitation discount.',
  },
  {
    service: 'notifications-email',
    path: '/api/v1/notifications-email/me/export',
    about:
      'The e-mails MER queued or sent to you: kind, address, subject, status and times. Their bodies are left out because they held one-time links.',
  },
  {
    service: 'community-feed',
    path: '/api/v1/community-feed/me/export',
    about:
      'What you shared in the community feed: your posts, comments, reactions, photos (with their addresses), albums, the photos you are tagged on, your discussions and replies, and the reports you made (with your reasons).',
  },
  {
    service: 'social-graph',
    path: '/api/v1/social-graph/me/export',
    about:
      "Your connection requests and connections (who, when, status), the members you blocked or muted, the reports you filed, and the suggestions you dismissed. Reports about you and blocks or mutes of you by others are not included: they are those members' data.",
  },
  {
    service: 'messaging',
    path: '/api/v1/messaging/me/export',
    about:
      "Your messaging settings, your conversations (with whom, since when), the messages you sent (with edits and deletions) and your reactions. Messages the other members wrote are not included: they are those members' data.",
  },
  {
    service: 'events-circles',
    path: '/api/v1/events-circles/me/export',
    about:
      'Your circles (created, joined, asked to join, invited to) with your roles, the updates, forum topics, discussions, replies, circle posts and reactions you wrote, the events and meetups you host, your RSVPs and reminders, whether you have a calendar feed (not its secret address) and the suggestions you dismissed.',
  },
  {
    service: 'search',
    path: '/api/v1/search/me/export',
    about:
      'Your search history (queries, when, result counts and filters) and your saved searches (names, queries, filters, whether you are notified of new matches). The search index itself holds only what other services made public.',
  },
] as const satisfies readonly MemberDataExportPart[];
