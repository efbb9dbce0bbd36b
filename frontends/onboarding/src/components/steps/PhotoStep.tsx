import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Alert, Avatar, Button, PlusSquareIcon, Spinner, toast } from '@mer/design-system';
import { photoFileProblem } from '../../domain/wizard-rules.ts';
import { usePhotoUpload } from '../../hooks/usePhotoUpload.ts';
import type { StepProps } from './types.ts';

// The crop dialog (canvas, pointer maths) loads only when a photo is picked.
const CropDialog = lazy(() => import('../CropDialog.tsx'));

export function PhotoStep({ draft, update, errors }: StepProps) {
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  // Also shown inline: phones render no toast area (spec), and the reason a photo was refused must be seen.
  const [problem, setProblem] = useState<{ title: string; description: string } | null>(null);
  const { upload, percent, reset } = usePhotoUpload();

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  function pick(file: File | undefined) {
    if (!file) return;
    const fileProblem = photoFileProblem(file);
    setProblem(fileProblem);
    if (fileProblem) {
      toast({ ...fileProblem, tone: 'error' });
      return;
    }
    setSource(URL.createObjectURL(file));
  }

  function close() {
    setSource(null);
    reset();
    if (input.current) input.current.value = '';
  }

  async function apply(jpeg: Blob) {
    const outcome = await upload(jpeg);
    close();
    setProblem(outcome.ok ? null : { title: outcome.title, description: outcome.description });
    if (outcome.ok) {
      update({ imageUrl: outcome.photo.imageUrl });
      toast({ title: 'Success!', description: 'Profile picture uploaded and saved!', tone: 'success' });
    } else {
      toast({ title: outcome.title, description: outcome.description, tone: 'error', durationMs: 8000 });
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
        {percent !== null ? (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-white/70">
            <Spinner />
          </span>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => pick(e.target.files?.[0])}
      />
      <div className="space-y-2">
        <Button
          size="lg"
          variant={draft.imageUrl ? 'secondary' : 'primary'}
          icon={<PlusSquareIcon className="size-5" />}
          onClick={() => input.current?.click()}
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
      {source ? (
        <Suspense fallback={null}>
          <CropDialog
            source={source}
            percent={percent}
            onCancel={close}
            onApply={(jpeg) => void apply(jpeg)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
