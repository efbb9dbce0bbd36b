import { communityFeed } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { queryClient, useMutation, useQuery } from '@mer/server-state';

/*
 * Albums, member photos and photo tags of community-feed, for /albums and /photos. Tag changes refresh every
 * photo list (a photo can appear in an album, the community photos and a member's photos at once).
 */

export const mediaKeys = {
  albums: () => routeKey(communityFeed.albums),
  album: (albumId: string) => routeKey(communityFeed.album, { params: { albumId } }),
  recentPhotos: () => routeKey(communityFeed.recentPhotos),
  memberPhotos: (userId: string) => routeKey(communityFeed.memberPhotos, { params: { userId } }),
};

const MEDIA_STALE_MS = 30_000;

export function useAlbums() {
  return useQuery({
    queryKey: mediaKeys.albums(),
    queryFn: ({ signal }) => call(communityFeed.albums, { signal }),
    staleTime: MEDIA_STALE_MS,
  });
}

export function useAlbum(albumId: string | null) {
  return useQuery({
    queryKey: mediaKeys.album(albumId ?? ''),
    queryFn: ({ signal }) => call(communityFeed.album, { params: { albumId: albumId! }, signal }),
    enabled: Boolean(albumId),
    staleTime: MEDIA_STALE_MS,
    retry: false,
  });
}

export function useRecentPhotos() {
  return useQuery({
    queryKey: mediaKeys.recentPhotos(),
    queryFn: ({ signal }) => call(communityFeed.recentPhotos, { query: {}, signal }),
    staleTime: MEDIA_STALE_MS,
  });
}

function refreshPhotoLists() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: mediaKeys.albums() }),
    queryClient.invalidateQueries({ queryKey: routeKey(communityFeed.album) }),
    queryClient.invalidateQueries({ queryKey: mediaKeys.recentPhotos() }),
    queryClient.invalidateQueries({ queryKey: routeKey(communityFeed.memberPhotos) }),
  ]);
}

export function useCreateAlbum() {
  return useMutation({
    mutationFn: (input: { title: string; description?: string }) =>
      call(communityFeed.createAlbum, { body: input }),
    retry: false,
    onSuccess: refreshPhotoLists,
  });
}

export function useAddAlbumPhoto(albumId: string) {
  return useMutation({
    mutationFn: (input: { photoId: string; caption?: string }) =>
      call(communityFeed.addAlbumPhoto, { params: { albumId }, body: input }),
    retry: false,
    onSuccess: refreshPhotoLists,
  });
}

export function useTagMember() {
  return useMutation({
    mutationFn: ({ photoId, userId }: { photoId: string; userId: string }) =>
      call(communityFeed.tagMember, { params: { photoId }, body: { userId } }),
    retry: false,
    onSuccess: refreshPhotoLists,
  });
}

/** The tagged member (or the photo's owner) removes a tag. */
export function useRemoveTag() {
  return useMutation({
    mutationFn: ({ photoId, userId }: { photoId: string; userId: string }) =>
      call(communityFeed.removeTag, { params: { photoId, userId } }),
    retry: false,
    onSuccess: refreshPhotoLists,
  });
}
