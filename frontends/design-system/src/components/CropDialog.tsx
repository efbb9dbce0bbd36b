import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { Spinner } from './Spinner.tsx';
import {
  constrainCrop,
  cropForKey,
  initialCrop,
  moveCrop,
  outputSide,
  resizeCrop,
  toNaturalPixels,
  type Bounds,
  type CropBox,
} from '../crop-geometry.ts';

export interface CropDialogProps {
  /** An object URL of the picked file. */
  source: string;
  onCancel: () => void;
  /**
   * Uploads the cropped JPEG (the face check runs on the server), reporting the upload percent; the dialog shows
   * 'Verifying your photo...' with it until the promise settles. The caller closes the dialog afterwards, on
   * success and on failure alike (spec: on failure the crop dialog closes and an error toast shows).
   */
  onApply: (jpeg: Blob, onProgress: (percent: number) => void) => Promise<void>;
}

const JPEG_QUALITY = 0.9;

/** Draws the crop on a canvas and encodes it as JPEG quality 0.9 (spec). */
function renderCrop(image: HTMLImageElement, box: CropBox, displayed: Bounds): Promise<Blob> {
  const natural = { width: image.naturalWidth, height: image.naturalHeight };
  const crop = toNaturalPixels(box, displayed, natural);
  const side = outputSide(crop.size);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('Canvas is not available'));
  context.fillStyle = '#ffffff'; // transparent PNG areas become white, not black, in a JPEG
  context.fillRect(0, 0, side, side);
  context.drawImage(image, crop.x, crop.y, crop.size, crop.size, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the photo'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

type Drag = { mode: 'move' | 'resize'; pointerId: number; startX: number; startY: number; start: CropBox };

/**
 * 'Crop Your Profile Picture', the one crop dialog of every page that takes a profile photo (the wizard and
 * Settings): a square box, at least 50 px, initially 200 px, moved and resized with the mouse, touch (pointer
 * events) or the keyboard (arrows move, Shift+arrows resize).
 */
export default function CropDialog({ source, onCancel, onApply }: CropDialogProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const [box, setBox] = useState<CropBox | null>(null);
  const drag = useRef<Drag | null>(null);
  const [encoding, setEncoding] = useState(false);
  /** Upload percent while verifying; null when idle. */
  const [percent, setPercent] = useState<number | null>(null);
  const verifying = percent !== null;

  const measure = useCallback(() => {
    const image = imageRef.current;
    if (!image || !image.naturalWidth) return;
    const next = { width: image.clientWidth, height: image.clientHeight };
    setBounds(next);
    setBox((current) => (current ? constrainCrop(current, next) : initialCrop(next)));
  }, []);

  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  function startDrag(mode: Drag['mode'], event: ReactPointerEvent<HTMLElement>) {
    if (!box || verifying) return;
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    drag.current = {
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: box,
    };
  }

  function onPointerMove(event: ReactPointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || !bounds) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    setBox(
      current.mode === 'move'
        ? moveCrop(current.start, dx, dy, bounds)
        : resizeCrop(current.start, Math.max(dx, dy), bounds),
    );
  }

  function endDrag(event: ReactPointerEvent<HTMLElement>) {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  }

  async function apply() {
    const image = imageRef.current;
    if (!image || !box || !bounds) return;
    setEncoding(true);
    let jpeg: Blob;
    try {
      jpeg = await renderCrop(image, box, bounds);
    } finally {
      setEncoding(false);
    }
    setPercent(0);
    try {
      await onApply(jpeg, setPercent);
    } finally {
      setPercent(null);
    }
  }

  return (
    <Dialog
      open
      onClose={() => (verifying ? undefined : onCancel())}
      title="Crop Your Profile Picture"
      description="Drag the square over your face. Use the corner handle to resize it, or the arrow keys (Shift + arrows to resize)."
      className="w-[min(94vw,34rem)] text-left"
      hideCloseButton={verifying}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={verifying}>
            Cancel
          </Button>
          <Button
            onClick={apply}
            loading={encoding || verifying}
            disabled={!box}
            loadingLabel="Verifying your photo..."
          >
            Apply Crop
          </Button>
        </>
      }
    >
      <div className="relative mx-auto w-fit touch-none select-none overflow-hidden rounded-2xl bg-ink-950">
        <img
          ref={imageRef}
          src={source}
          alt="The photo you picked"
          onLoad={measure}
          draggable={false}
          className="block max-h-[55dvh] max-w-full"
        />
        {box ? (
          <div
            role="slider"
            tabIndex={0}
            aria-label="Crop area: arrow keys move it, Shift and arrow keys resize it"
            aria-valuemin={50}
            aria-valuemax={bounds ? Math.round(Math.min(bounds.width, bounds.height)) : 0}
            aria-valuenow={Math.round(box.size)}
            aria-valuetext={`${Math.round(box.size)} pixel square at ${Math.round(box.x)}, ${Math.round(box.y)}`}
            onKeyDown={(e) => {
              if (!bounds || verifying) return;
              const next = cropForKey(box, e.key, e.shiftKey, bounds);
              if (next) {
                e.preventDefault();
                setBox(next);
              }
            }}
            onPointerDown={(e) => startDrag('move', e)}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            className="absolute cursor-move rounded-sm outline-none ring-2 ring-white focus-visible:ring-4 focus-visible:ring-gold-500"
            style={{
              left: box.x,
              top: box.y,
              width: box.size,
              height: box.size,
              boxShadow: '0 0 0 9999px rgb(19 20 42 / 0.55)',
            }}
          >
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 rounded-full ring-1 ring-white/70"
            />
            <span
              aria-hidden="true"
              onPointerDown={(e) => startDrag('resize', e)}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              className="absolute -right-3 -bottom-3 size-7 cursor-nwse-resize rounded-full border-2 border-ink-800 bg-white shadow-soft"
            />
          </div>
        ) : (
          <div className="grid size-64 place-items-center text-white">
            <Spinner />
          </div>
        )}
      </div>
      <div aria-live="polite" className="mt-4 min-h-10">
        {verifying ? (
          <div className="space-y-2">
            <p className="text-sm font-medium text-ink-700">
              Verifying your photo... <span className="tabular-nums">{percent}%</span>
            </p>
            <ProgressBar value={percent ?? 0} label="Photo upload" />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
