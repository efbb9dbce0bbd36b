import '../styles.css';
import { Alert, PagePlaceholder } from '@mer/design-system';
import { useRecentPhotos } from '../api/media.ts';
import { PhotoGallery } from '../components/PhotoGallery.tsx';

/** The community's photos (/photos), newest first, with the lightbox and tags (a photo-tag notification's target). */
export default function PhotosPage() {
  const photos = useRecentPhotos();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-5 sm:px-4 sm:py-8">
      <h1 className="font-display text-3xl text-ink-900">Photos</h1>
      {photos.isPending ? (
        <PagePlaceholder />
      ) : photos.isError ? (
        <Alert tone="error" title="We couldn't load the photos">
          This might be due to a temporary connection issue.
        </Alert>
      ) : (
        <PhotoGallery photos={photos.data.photos} label="Community photos" />
      )}
    </div>
  );
}
