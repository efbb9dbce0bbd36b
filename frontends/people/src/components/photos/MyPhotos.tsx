import { useState } from 'react';
import type { MemberPhoto } from '@mer/contracts';
import { useSessionStore } from '@mer/api-client';
import { Link } from '@mer/router';
import { Alert, ArrowLeftIcon, ArrowRightIcon, Button, Dialog, buttonClassName } from '@mer/design-system';
import { useMemberPhotos } from '../../api/community-photos.ts';

function describePhoto(photo: MemberPhoto): string {
  return photo.caption ?? `Photo by ${photo.owner.name}`;
}

/**
 * One photo large in a modal dialog (Escape closes and focus goes back), with Previous and Next. The community
 * remote has its own lightbox; remotes do not import each other, and this one needs no tagging.
 */
function PhotoLightbox({
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  photos: MemberPhoto[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const photo = index === null ? undefined : photos[index];
  const go = (step: number) =>
    index !== null && onIndexChange((index + step + photos.length) % photos.length);
  return (
    <Dialog
      open={photo !== undefined}
      onClose={onClose}
      title={index === null ? 'Photo' : `Photo ${index + 1} of ${photos.length}`}
    >
      {photo ? (
        <div
          onKeyDown={(event) => {
            if (event.key === 'ArrowLeft') go(-1);
            if (event.key === 'ArrowRight') go(1);
          }}
        >
          <img
            src={photo.imageUrl}
            width={photo.width}
            height={photo.height}
            alt={describePhoto(photo)}
            className="mx-auto max-h-[70dvh] w-auto rounded-xl object-contain"
          />
          {photo.caption ? <p className="mt-2 text-center text-ink-700">{photo.caption}</p> : null}
          {photos.length > 1 ? (
            <div className="mt-3 flex justify-between">
              <Button
                variant="secondary"
                size="sm"
                icon={<ArrowLeftIcon className="size-4" />}
                onClick={() => go(-1)}
              >
                Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                icon={<ArrowRightIcon className="size-4" />}
                onClick={() => go(1)}
              >
                Next
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * The Photos tab of /my-profile: the member's own photos (posts, albums, tagged) as a grid; a photo opens in the
 * lightbox. `openPhotoId` is the address's `photo` parameter (a photo-tag notification links to it).
 */
export function MyPhotos({
  openPhotoId,
  onOpenPhotoChange,
}: {
  openPhotoId: string | null;
  onOpenPhotoChange: (photoId: string | null) => void;
}) {
  const userId = useSessionStore((s) => s.user?.id);
  const photos = useMemberPhotos(userId);
  const [fallbackIndex, setFallbackIndex] = useState<number | null>(null);
  if (photos.isPending) return <p className="text-ink-500">Loading your photos…</p>;
  if (photos.isError)
    return (
      <Alert tone="error" title="We couldn't load your photos">
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void photos.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  const list = photos.data.photos;
  if (list.length === 0)
    return (
      <div className="rounded-[var(--radius-card)] bg-white p-8 text-center shadow-soft">
        <p className="text-ink-600">No photos yet. Photos you share in the community will gather here.</p>
        <Link to="/photos" className={buttonClassName('secondary', 'md', 'mt-4')}>
          Browse community photos
        </Link>
      </div>
    );
  const linked = openPhotoId ? list.findIndex((p) => p.photoId === openPhotoId) : -1;
  const index = linked >= 0 ? linked : fallbackIndex;
  const open = (next: number | null) => {
    setFallbackIndex(next);
    onOpenPhotoChange(next === null ? null : (list[next]?.photoId ?? null));
  };
  return (
    <>
      <ul aria-label="Your photos" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {list.map((photo, i) => (
          <li key={photo.photoId}>
            <button
              type="button"
              onClick={() => open(i)}
              aria-label={`Open photo ${i + 1} of ${list.length}`}
              className="block aspect-square w-full overflow-hidden rounded-xl bg-sand-100 focus-visible:outline-2 focus-visible:outline-sage-500"
            >
              <img
                src={photo.imageUrl}
                alt={describePhoto(photo)}
                loading="lazy"
                width={photo.width}
                height={photo.height}
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <PhotoLightbox photos={list} index={index} onIndexChange={open} onClose={() => open(null)} />
    </>
  );
}
