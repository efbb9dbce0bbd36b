import { Suspense, useState } from 'react';
import type { MyProfile } from '@mer/contracts';
import { Avatar, Button, Spinner } from '@mer/design-system';
import {
  CropDialog,
  PHOTO_TEXTS,
  photoFileProblem,
  photoUploadFailure,
  usePhotoPick,
} from '@mer/profile-forms';
import { useChangeProfilePhoto } from '../../api/photos.ts';
import { SettingsSection } from './SettingsSection.tsx';
import type { Feedback } from '@mer/design-system';

/**
 * Change photo, the same flow as the wizard's Profile Picture step (spec: pick file, crop, face check, upload,
 * update the preview and profile): the shared 'Crop Your Profile Picture' dialog, the shared upload with its
 * retries, then the photo becomes the profile's.
 */
export function PhotoSection({
  profile,
  onPhotoChanged,
  notify,
  feedback,
}: {
  profile: MyProfile;
  onPhotoChanged: (imageUrl: string) => void;
  notify: (feedback: Feedback) => void;
  feedback: Feedback | null;
}) {
  const [uploading, setUploading] = useState(false);
  const changePhoto = useChangeProfilePhoto();
  const photo = usePhotoPick((file) => {
    const problem = photoFileProblem(file);
    if (problem) notify({ ...problem, tone: 'error' });
    return !problem;
  });

  async function apply(jpeg: Blob, onProgress: (percent: number) => void) {
    setUploading(true);
    try {
      const { imageUrl } = await changePhoto.mutateAsync({ image: jpeg, onProgress });
      onPhotoChanged(imageUrl);
      notify({ ...PHOTO_TEXTS.success, tone: 'success' });
    } catch (error) {
      notify({ ...photoUploadFailure(error), tone: 'error' });
    } finally {
      setUploading(false);
      photo.close();
    }
  }

  return (
    <SettingsSection
      id="photo"
      title="Photo"
      description="A clear photo of your face helps members recognise you. Recommended: 400x400 pixels or larger. Max 10MB."
      feedback={feedback}
    >
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
        <div className="relative">
          {profile.imageUrl ? (
            <img
              src={profile.imageUrl}
              alt="Your current profile photo"
              className="size-28 rounded-full object-cover ring-4 ring-sand-100"
            />
          ) : (
            <Avatar name={profile.name} size="xl" className="size-28" />
          )}
          {uploading ? (
            <span className="absolute inset-0 grid place-items-center rounded-full bg-white/70">
              <Spinner />
            </span>
          ) : null}
        </div>
        <div className="w-full flex-1 space-y-3">
          <input
            ref={photo.input}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose a photo"
            onChange={(e) => photo.pick(e.target.files?.[0])}
          />
          <Button variant="secondary" onClick={photo.choose} disabled={uploading}>
            Change photo
          </Button>
        </div>
      </div>
      {photo.source ? (
        <Suspense fallback={null}>
          <CropDialog source={photo.source} onCancel={photo.close} onApply={apply} />
        </Suspense>
      ) : null}
    </SettingsSection>
  );
}
