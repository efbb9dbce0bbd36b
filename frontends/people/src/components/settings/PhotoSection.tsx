import { Suspense, useEffect, useRef, useState } from 'react';
import { PHOTO_TEXTS, photoFileProblem, photoUploadFailure, uploadProfilePhoto } from '@mer/api-client';
import type { MyProfile } from '@mer/contracts';
import { setMyPhoto } from '../../api/profile.ts';
import { Avatar, Button, CropDialog, Spinner } from '@mer/design-system';
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
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  function picked(file: File | undefined) {
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      if (input.current) input.current.value = '';
      notify({ ...problem, tone: 'error' });
      return;
    }
    setSource(URL.createObjectURL(file));
  }

  function close() {
    setSource(null);
    if (input.current) input.current.value = '';
  }

  async function apply(jpeg: Blob, onProgress: (percent: number) => void) {
    setUploading(true);
    try {
      const photo = await uploadProfilePhoto(jpeg, { onProgress });
      const { imageUrl } = await setMyPhoto(photo.photoId);
      onPhotoChanged(imageUrl);
      notify({ ...PHOTO_TEXTS.success, tone: 'success' });
    } catch (error) {
      notify({ ...photoUploadFailure(error), tone: 'error' });
    } finally {
      setUploading(false);
      close();
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
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose a photo"
            onChange={(e) => picked(e.target.files?.[0])}
          />
          <Button variant="secondary" onClick={() => input.current?.click()} disabled={uploading}>
            Change photo
          </Button>
        </div>
      </div>
      {source ? (
        <Suspense fallback={null}>
          <CropDialog source={source} onCancel={close} onApply={apply} />
        </Suspense>
      ) : null}
    </SettingsSection>
  );
}
