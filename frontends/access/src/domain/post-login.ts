import type { Me } from '@mer/contracts';
import { isAdminUser, takePostLoginRedirect } from '@mer/api-client';

/**
 * Where a member goes after logging in (spec 000 section 4 "Login outcome"): no profile → /signup-handler,
 * onboarding pending → /onboarding, otherwise /community or the page they were on before being sent to login.
 * The profile comes from the server-state library, loaded only now (it is not needed before). Admins without a
 * completed profile go to the admin area (or the page they were on).
 */
export async function destinationAfterLogin(user: Me): Promise<string> {
  const remembered = takePostLoginRedirect();
  try {
    const { fetchMemberProfile, postLoginDestination } = await import('@mer/server-state');
    const profile = await fetchMemberProfile(user);
    const wanted = remembered && !isAuthPage(remembered) ? remembered : null;
    // An admin who has not completed a member profile is not sent to onboarding and the plans (issue 13).
    if (isAdminUser(user) && !profile?.onboardingCompleted) return wanted ?? '/admin';
    return postLoginDestination(profile, wanted);
  } catch {
    // The profile could not be read: the guard on the next page shows 'Profile Loading Issue' if it persists.
    return remembered ?? '/community';
  }
}

function isAuthPage(path: string): boolean {
  return ['/login', '/signup', '/reset-password', '/'].includes(path.split(/[?#]/)[0]!);
}
