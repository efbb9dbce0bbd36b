import { useMemo, useState } from 'react';
import type { FeedMember, MemberPhoto } from '@mer/contracts';
import { describeError, useSessionStore } from '@mer/api-client';
import { Button, CloseIcon, toast } from '@mer/design-system';
import { knownMembersFromCache } from '../api/feed.ts';
import { useRemoveTag, useTagMember } from '../api/media.ts';
import { Lightbox } from './Lightbox.tsx';

/** Who is tagged on a photo; the tagged member (or the owner) can remove a tag, the owner can add one. */
function PhotoTags({ photo }: { photo: MemberPhoto }) {
  const viewerId = useSessionStore((s) => s.user?.id);
  const tag = useTagMember();
  const removeTag = useRemoveTag();
  const isOwner = photo.owner.userId === viewerId;
  const [chosen, setChosen] = useState('');
  const candidates = useMemo<FeedMember[]>(
    () =>
      knownMembersFromCache().filter(
        (m) => m.userId !== photo.owner.userId && !photo.tags.some((t) => t.member.userId === m.userId),
      ),
    [photo],
  );
  const onError = (error: unknown) => toast({ tone: 'error', ...describeError(error) });
  return (
    <div className="mt-4 flex flex-col gap-3">
      {photo.caption ? <p className="text-ink-700">{photo.caption}</p> : null}
      <p className="text-sm text-ink-500">Shared by {photo.owner.name}</p>
      <ul aria-label="Tagged members" className="flex flex-wrap gap-2">
        {photo.tags.map((t) => (
          <li
            key={t.member.userId}
            className="inline-flex items-center gap-1 rounded-full bg-sage-100 py-1 pr-1 pl-3 text-sm text-sage-800"
          >
            {t.member.name}
            {t.member.userId === viewerId || isOwner ? (
              <button
                type="button"
                aria-label={
                  t.member.userId === viewerId ? 'Remove my tag' : `Remove the tag of ${t.member.name}`
                }
                onClick={() =>
                  removeTag.mutate({ photoId: photo.photoId, userId: t.member.userId }, { onError })
                }
                className="grid size-7 place-items-center rounded-full hover:bg-sage-200"
              >
                <CloseIcon className="size-3.5" />
              </button>
            ) : null}
          </li>
        ))}
        {photo.tags.length === 0 ? <li className="text-sm text-ink-500">Nobody is tagged yet.</li> : null}
      </ul>
      {isOwner && candidates.length > 0 ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen)
              tag.mutate(
                { photoId: photo.photoId, userId: chosen },
                { onSuccess: () => setChosen(''), onError },
              );
          }}
        >
          <label className="text-sm text-ink-700">
            Tag a member{' '}
            <select
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              className="ml-1 min-h-10 rounded-full bg-white px-3 ring-1 ring-inset ring-sand-300"
            >
              <option value="">Choose…</option>
              {candidates.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name} (@{m.username})
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" size="sm" disabled={!chosen} loading={tag.isPending}>
            Tag
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/** A grid of photos; each opens the lightbox, with its tags under the photo. */
export function PhotoGallery({ photos, label }: { photos: MemberPhoto[]; label: string }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const index = photos.findIndex((p) => p.photoId === openId);
  if (photos.length === 0) return <p className="text-ink-600">No photos here yet.</p>;
  return (
    <>
      <ul aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {photos.map((photo, i) => (
          <li key={photo.photoId}>
            <button
              type="button"
              onClick={() => setOpenId(photo.photoId)}
              aria-label={`Open photo ${i + 1} by ${photo.owner.name}${photo.tags.length ? `, ${photo.tags.length} tagged` : ''}`}
              className="block w-full overflow-hidden rounded-xl bg-sand-100 focus-visible:outline-2 focus-visible:outline-sage-500"
            >
              <img src={photo.imageUrl} alt="" loading="lazy" className="aspect-square w-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Lightbox
        photos={photos}
        index={index >= 0 ? index : null}
        onIndexChange={(i) => setOpenId(photos[i]!.photoId)}
        onClose={() => setOpenId(null)}
      >
        {index >= 0 ? <PhotoTags photo={photos[index]!} /> : null}
      </Lightbox>
    </>
  );
}
