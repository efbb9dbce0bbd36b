import type { MyProfile } from '@mer/contracts';
import { profileOnboarding } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { queryClient, refreshMemberProfile, useQuery } from '@mer/server-state';

export { searchCities, useLanguages, usePractices } from '@mer/profile-forms';

/*
 * The people remote's calls to profile-onboarding's profiles: typed by the contracts' route table, sent by
 * `call`, cached under keys derived from the routes. The lists the forms pick from (languages, practices,
 * cities) come from @mer/profile-forms, shared with the onboarding remote.
 */

export const profileKeys = {
  mine: () => routeKey(profileOnboarding.myProfile),
  member: (userId: string) => routeKey(profileOnboarding.publicProfile, { params: { userId } }),
};

import type { ProfilePatch } from '../domain/profile-form.ts';

export type { ProfilePatch };

/**
 * The signed-in member's profile (404 while none exists yet). Read afresh each time a page opens it: Settings,
 * the chart and other devices change it.
 */
export function useMyProfile() {
  return useQuery({
    queryKey: profileKeys.mine(),
    queryFn: ({ signal }) => call(profileOnboarding.myProfile, { signal }),
    staleTime: 0,
  });
}

export function usePublicProfile(userId: string) {
  return useQuery({
    queryKey: profileKeys.member(userId),
    queryFn: ({ signal }) => call(profileOnboarding.publicProfile, { params: { userId }, signal }),
    staleTime: 0,
  });
}

/** Saves an edit; the answer is the profile as stored, which the cache and the shell's navigation then show. */
export async function updateMyProfile(patch: ProfilePatch): Promise<MyProfile> {
  const profile = await call(profileOnboarding.updateMyProfile, { body: patch });
  queryClient.setQueryData(profileKeys.mine(), profile);
  void refreshMemberProfile();
  return profile;
}

/** The profile changed on the server as a side effect (a stored chart updates the signs): read it again. */
export function profileChangedOnServer(): void {
  void queryClient.invalidateQueries({ queryKey: profileKeys.mine() });
  void refreshMemberProfile();
}

/** Makes an uploaded photo the member's profile photo. */
export async function setMyPhoto(photoId: string) {
  const answer = await call(profileOnboarding.setProfilePhoto, { body: { photoId } });
  void queryClient.invalidateQueries({ queryKey: profileKeys.mine() });
  void refreshMemberProfile();
  return answer;
}
