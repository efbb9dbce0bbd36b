import type { FeedPhoto } from '@mer/contracts';
import { cx } from '@mer/design-system';

/** A post's photos as a grid of buttons; each opens the lightbox at that photo. */
export function PostPhotos({ photos, onOpen }: { photos: FeedPhoto[]; onOpen: (index: number) => void }) {
  if (photos.length === 0) return null;
  return (
    <div
      className={cx(
        'grid gap-1.5 overflow-hidden rounded-2xl',
        photos.length === 1 ? 'grid-cols-1' : 'grid-cols-2',
      )}
    >
      {photos.map((photo, index) => (
        <button
          key={photo.photoId}
          type="button"
          onClick={() => onOpen(index)}
          className="block overflow-hidden bg-sand-100 focus-visible:outline-2 focus-visible:outline-sage-500"
          aria-label={`Open photo ${index + 1} of ${photos.length}`}
        >
          <img
            src={photo.imageUrl}
            width={photo.width}
            height={photo.height}
            alt=""
            loading="lazy"
            className={cx('w-full object-cover', photos.length === 1 ? 'max-h-[28rem]' : 'aspect-square')}
          />
        </button>
      ))}
    </div>
  );
}
