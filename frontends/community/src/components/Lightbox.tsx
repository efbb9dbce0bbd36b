import type { ReactNode } from 'react';
import { ArrowLeftIcon, ArrowRightIcon, Button, Dialog } from '@mer/design-system';

export interface LightboxPhoto {
  photoId: string;
  imageUrl: string;
  width: number;
  height: number;
  alt?: string;
}

/**
 * One photo large, in a modal dialog (Escape closes, focus returns to the photo that opened it), with previous and
 * next buttons and the arrow keys; `children` shows under the photo (caption, tags).
 */
export function Lightbox({
  photos,
  index,
  onIndexChange,
  onClose,
  children,
}: {
  photos: LightboxPhoto[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const photo = index === null ? null : photos[index];
  const go = (step: number) =>
    index !== null && onIndexChange((index + step + photos.length) % photos.length);
  return (
    <Dialog
      open={photo !== null && photo !== undefined}
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
            alt={photo.alt ?? ''}
            className="mx-auto max-h-[70dvh] w-auto rounded-xl object-contain"
          />
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
          {children}
        </div>
      ) : null}
    </Dialog>
  );
}
