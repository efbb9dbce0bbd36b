import { Suspense, useState } from 'react';
import { Alert, Avatar, Button, PlusSquareIcon, Spinner, toast } from '@mer/design-system';
import {
  CropDialog,
  PHOTO_TEXTS,
  photoFileProblem,
  photoUploadFailure,
  usePhotoPick,
  type PhotoNotice,
} from '@mer/profile-forms';
import { useUploadPhoto } from '../../api/photos.ts';
import type { StepProps } from './types.ts';

export function PhotoStep({ draft, update, errors }: StepProps) {
  // Also shown inline: phones render no toast area (spec), and the reason a photo was refused must be seen.
  const [problem, setProblem] = useState<PhotoNotice | null>(null);
  const [uploading, setUploading] = useState(false);
  const uploadPhoto = useUploadPhoto();
  const photo = usePhotoPick((file) => {
    const fileProblem = photoFileProblem(file);
    setProblem(fileProblem);
    if (fileProblem) toast({ ...fileProblem, tone: 'error' });
    return !fileProblem;
  });

  async function apply(jpeg: Blob, onProgress: (percent: number) => void) {
    setUploading(true);
    try {
      const uploaded = await uploadPhoto.mutateAsync({ image: jpeg, onProgress });
      setProblem(null);
      update({ imageUrl: uploaded.imageUrl });
      toast({ ...PHOTO_TEXTS.success, tone: 'success' });
    } catch (error) {
      const failure = photoUploadFailure(error);
      setProblem(failure);
      toast({ ...failure, tone: 'error', durationMs: 8000 });
    } finally {
      setUploading(false);
      photo.close();
    }
  }

  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <div className="relative">
        <div className="rounded-full bg-gradient-to-br from-sage-200 via-sand-200 to-ink-100 p-1.5 shadow-soft">
          {draft.imageUrl ? (
            <img
              src={draft.imageUrl}
              alt="Your profile picture"
              className="size-40 rounded-full object-cover ring-4 ring-white sm:size-48"
            />
          ) : (
            <Avatar name={draft.name || 'You'} size="xl" className="size-40! text-4xl! sm:size-48!" />
          )}
        </div>
        {uploading ? (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-white/70">
            <Spinner />
          </span>
        ) : null}
      </div>
      <input
        ref={photo.input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => photo.pick(e.target.files?.[0])}
      />
      <div className="space-y-2">
        <Button
          size="lg"
          variant={draft.imageUrl ? 'secondary' : 'primary'}
          icon={<PlusSquareIcon className="size-5" />}
          onClick={photo.choose}
          aria-describedby="photo-hint"
        >
          {draft.imageUrl ? 'Change Photo' : 'Add Photo'}
        </Button>
        <p id="photo-hint" className="text-sm text-ink-500">
          Recommended: 400x400 pixels or larger. Max 10MB.
        </p>
      </div>
      <p className="max-w-sm text-[0.95rem] leading-relaxed text-ink-600">
        A clear photo of your face helps fellow members recognise you at circles and events. We check that the
        photo shows exactly one face; it never leaves MER.
      </p>
      {problem ? (
        <Alert tone="error" title={problem.title} className="w-full max-w-sm text-left">
          {problem.description}
        </Alert>
      ) : null}
      {errors.photo && !problem ? (
        <p role="alert" className="text-sm font-medium text-clay-700">
          {errors.photo}
        </p>
      ) : null}
      {photo.source ? (
        <Suspense fallback={null}>
          <CropDialog source={photo.source} onCancel={photo.close} onApply={apply} />
        </Suspense>
      ) : null}
    </div>
  );
}
