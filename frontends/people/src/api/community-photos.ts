import { communityFeed } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { useQuery } from '@mer/server-state';

/*
 * community-feed's member photos route, for the Photos tab of /my-profile (spec 001 section 2): the member's post
 * and album photos and the photos they are tagged in. The key is derived from the route, so it is the same cache
 * entry the community remote refreshes after a tag change.
 */

export const communityPhotoKeys = {
  memberPhotos: (userId: string) => routeKey(communityFeed.memberPhotos, { params: { userId } }),
};

export function useMemberPhotos(userId: string | undefined) {
  return useQuery({
    queryKey: communityPhotoKeys.memberPhotos(userId ?? ''),
    queryFn: ({ signal }) => call(communityFeed.memberPhotos, { params: { userId: userId! }, signal }),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
}
