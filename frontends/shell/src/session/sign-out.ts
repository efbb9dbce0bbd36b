import { signOut } from '@mer/api-client';
import { toast } from '@mer/design-system';

/** Signs out with the spec's toasts ('Signed out' or 'Failed to sign out. Please try again.'). */
export async function signOutWithToast(options: { quiet?: boolean } = {}): Promise<void> {
  const { ok } = await signOut();
  if (!ok) toast({ title: 'Failed to sign out. Please try again.', tone: 'error' });
  else if (!options.quiet)
    toast({ title: 'Signed out', description: 'You have been successfully signed out.', tone: 'success' });
}
