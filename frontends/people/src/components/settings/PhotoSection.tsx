import { useEffect, useRef, useState } from 'react';
import { peopleApi, type MyProfile } from '@mer/api-client';
import { Avatar, Button, ProgressBar } from '@mer/design-system';
import {
  PHOTO_JPEG_QUALITY,
  PhotoTexts,
  centreSquareCrop,
  checkPhotoFile,
  photoUploadFailure,
  uploadRetryDelayMs,
} from '../../domain/photo.ts';
import { SettingsSection } from './SettingsSection.tsx';
import type { Feedback } from '@mer/design-system';

/** The largest centred square of the picked image as a JPEG at quality 0.9 (the server re-encodes anyway). */
async function cropToSquareJpeg(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const crop = centreSquareCrop(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = crop.outputSize;
    canvas.height = crop.outputSize;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available');
    context.drawImage(bitmap, crop.sx, crop.sy, crop.size, crop.size, 0, 0, crop.outputSize, crop.outputSize);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the photo'))),
        'image/jpeg',
        PHOTO_JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}

/** Uploads, retrying what another attempt can fix (spec 000 section 8: up to 3 attempts). */
async function uploadWithRetries(jpeg: Blob, onProgress: (percent: number) => void) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await peopleApi.uploadPhoto(jpeg, onProgress);
    } catch (error) {
      const delay = uploadRetryDelayMs(error, attempt);
      if (delay === null) throw error;
      onProgress(0);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'preview'; jpeg: Blob; url: string }
  | { kind: 'uploading'; url: string; percent: number };

/** Change photo: pick, square centre crop, upload with progress (face check on the server), then set it. */
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
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const previewUrl = stage.kind === 'idle' ? null : stage.url;

  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  async function picked(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkPhotoFile(file);
    if (problem) {
      notify({ ...problem, tone: 'error' });
      return;
    }
    try {
      const jpeg = await cropToSquareJpeg(file);
      setStage({ kind: 'preview', jpeg, url: URL.createObjectURL(jpeg) });
    } catch {
      // The browser could not decode it: not an image it can read.
      notify({ ...PhotoTexts.invalidType, tone: 'error' });
    }
  }

  async function upload() {
    if (stage.kind !== 'preview') return;
    const { jpeg, url } = stage;
    setStage({ kind: 'uploading', url, percent: 0 });
    try {
      const onProgress = (percent: number) =>
        setStage((s) => (s.kind === 'uploading' ? { ...s, percent } : s));
      const photo = await uploadWithRetries(jpeg, onProgress);
      const { imageUrl } = await peopleApi.setMyPhoto(photo.photoId);
      onPhotoChanged(imageUrl);
      setStage({ kind: 'idle' });
      notify({ ...PhotoTexts.success, tone: 'success' });
    } catch (error) {
      setStage({ kind: 'preview', jpeg, url });
      notify({ ...photoUploadFailure(error), tone: 'error' });
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
        {previewUrl ? (
          <img
            src={previewUrl}
            alt="Your new photo, cropped to a square"
            className="size-28 rounded-full object-cover ring-4 ring-sage-100"
          />
        ) : profile.imageUrl ? (
          <img
            src={profile.imageUrl}
            alt="Your current profile photo"
            className="size-28 rounded-full object-cover ring-4 ring-sand-100"
          />
        ) : (
          <Avatar name={profile.name} size="xl" className="size-28" />
        )}
        <div className="w-full flex-1 space-y-3">
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose a photo"
            onChange={(e) => void picked(e.target.files?.[0])}
          />
          {stage.kind === 'uploading' ? (
            <div className="space-y-2">
              <p className="text-sm font-medium text-ink-700">Verifying your photo... {stage.percent}%</p>
              <ProgressBar value={stage.percent} label="Upload progress" />
            </div>
          ) : stage.kind === 'preview' ? (
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void upload()}>Use this photo</Button>
              <Button variant="ghost" onClick={() => setStage({ kind: 'idle' })}>
                Cancel
              </Button>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => input.current?.click()}>
              Change photo
            </Button>
          )}
        </div>
      </div>
    </SettingsSection>
  );
}
