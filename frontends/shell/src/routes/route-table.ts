import type { GuardKind, RemoteManifest } from '../../../remote-manifest.ts';

/**
 * The route table of both spec documents (000 section 2, 001 section 2): every path, the remote that owns it,
 * the module that remote exposes for it, and the guard (see remote-manifest.ts). The remotes written before
 * route manifests are listed here by hand; a remote with a manifest (`frontends/<remote>/src/routes.ts`, as
 * `npm run new:remote` writes) is read from it at build time.
 */
export type RemoteName = 'access' | 'onboarding' | 'community' | 'people';

export type { GuardKind };

export interface RouteEntry {
  path: string;
  /** A remote of the hand-written table, or the name in a remote's manifest. */
  remote: RemoteName | (string & {});
  /** The module name the remote exposes (`./<module>`). */
  module: string;
  guard: GuardKind;
  /** Human name of the page, for error cards and the "coming soon" page. */
  title: string;
}

/** Every remote's route manifest (frontends/<remote>/src/routes.ts), found when the shell is built. */
export const REMOTE_MANIFESTS: RemoteManifest[] = Object.values(
  import.meta.glob<RemoteManifest>('../../../*/src/routes.ts', { eager: true, import: 'manifest' }),
);

const HAND_WRITTEN_AREAS: Record<RemoteName, { name: string; description: string }> = {
  access: { name: 'Welcome', description: 'Sign up, log in and find your way in.' },
  onboarding: {
    name: 'Your profile & membership',
    description: 'Choose a membership and set up your profile, step by step.',
  },
  community: {
    name: 'Community',
    description: 'The community feed: posts, albums and discussions from members.',
  },
  people: {
    name: 'Connect',
    description: 'Discover kindred spirits, manage your connections and your profile.',
  },
};

export const REMOTE_AREAS: Record<string, { name: string; description: string }> = {
  ...HAND_WRITTEN_AREAS,
  ...Object.fromEntries(REMOTE_MANIFESTS.map((m) => [m.remote, m.area])),
};

const r = (
  path: string,
  remote: RouteEntry['remote'],
  module: string,
  guard: GuardKind,
  title: string,
): RouteEntry => ({ path, remote, module, guard, title });

const HAND_WRITTEN_ROUTES: RouteEntry[] = [
  // access (spec 000)
  r('/', 'access', 'LandingPage', 'none', 'Welcome'),
  r('/signup', 'access', 'SignupPage', 'none', 'Sign up'),
  r('/login', 'access', 'LoginPage', 'none', 'Log in'),
  r('/reset-password', 'access', 'ResetPasswordPage', 'none', 'Reset password'),
  r('/signup-handler', 'access', 'SignupHandlerPage', 'login', 'Complete your setup'),
  r('/welcome', 'access', 'WelcomePage', 'login', 'Welcome to MER'),
  // legal pages (the landing page's footer links; public)
  r('/privacy', 'access', 'PrivacyPolicyPage', 'none', 'Privacy Policy'),
  r('/terms', 'onboarding', 'TermsOfServicePage', 'none', 'Terms of Service'),
  r('/cookies', 'access', 'CookiePolicyPage', 'none', 'Cookie Policy'),
  // onboarding and membership (spec 000)
  r('/membership', 'onboarding', 'MembershipPage', 'login', 'Membership'),
  r('/onboarding', 'onboarding', 'OnboardingPage', 'login', 'Onboarding'),
  // community (spec 001)
  r('/community', 'community', 'FeedPage', 'member', 'Community'),
  r('/feed', 'community', 'FeedPage', 'member', 'Community'),
  r('/albums', 'community', 'AlbumsPage', 'member', 'Albums'),
  r('/community/post/:postId', 'community', 'PostPage', 'member', 'Post'),
  r('/post/:id', 'community', 'PostPage', 'member', 'Post'),
  r('/discussions/:id', 'community', 'DiscussionPage', 'member', 'Discussion'),
  // people and profile
  r('/people', 'people', 'PeoplePage', 'member', 'People'),
  r('/connections', 'people', 'ConnectionsPage', 'member', 'Connections'),
  r('/profile/:userId', 'people', 'ProfilePage', 'member', 'Profile'),
  r('/my-profile', 'people', 'MyProfilePage', 'member', 'My profile'),
  r('/settings', 'people', 'SettingsPage', 'member', 'Settings'),
  r('/photos', 'community', 'PhotosPage', 'member', 'Photos'),
  // events and circles: the gatherings remote's manifest (frontends/gatherings/src/routes.ts)
  // messages: frontends/messages/src/routes.ts
  // /notifications and /email-test: the notifications remote's manifest (frontends/notifications/src/routes.ts).
  // admin: frontends/admin-area/src/routes.ts
];

export const ROUTES: RouteEntry[] = [
  ...HAND_WRITTEN_ROUTES,
  ...REMOTE_MANIFESTS.flatMap((m) =>
    m.routes.map((route) => r(route.path, m.remote, route.page, route.guard, route.title)),
  ),
];
