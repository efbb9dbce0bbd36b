import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Dialog, ProgressBar, Spinner } from '@mer/design-system';
import {
  cropForKey,
  cropView,
  initialCrop,
  moveCrop,
  outputSide,
  resizeCrop,
  toNaturalPixels,
  toScreen,
  type Bounds,
  type CropBox,
} from './crop-geometry.ts';

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

/** Draws the crop (in the picture's natural pixels) on a canvas and encodes it as JPEG quality 0.9 (spec). */
function renderCrop(image: HTMLImageElement, box: CropBox): Promise<Blob> {
  const crop = toNaturalPixels(box, { width: image.naturalWidth, height: image.naturalHeight });
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
 * While a drag runs, nothing on the page can be selected: the pointer may leave the picture (pointer capture
 * keeps the drag going) and pass over the dialog's texts, which the browser would otherwise select.
 * Returns the undo.
 */
function suppressTextSelection(): () => void {
  const root = document.documentElement.style;
  const previous = root.userSelect;
  const previousWebkit = root.webkitUserSelect;
  root.userSelect = 'none';
  root.webkitUserSelect = 'none';
  const block = (event: Event) => event.preventDefault();
  document.addEventListener('selectstart', block);
  return () => {
    root.userSelect = previous;
    root.webkitUserSelect = previousWebkit;
    document.removeEventListener('selectstart', block);
  };
}

/**
 * 'Crop Your Profile Picture', the one crop dialog of every page that takes a profile photo (the wizard and
 * Settings): a square box, at least 50 px, initially 200 px, moved and resized with the mouse, touch (pointer
 * events) or the keyboard (arrows move, Shift+arrows resize). The box is kept in the picture's natural pixels,
 * so resizing the window keeps the same part of the picture.
 */
export default function CropDialog({ source, onCancel, onApply }: CropDialogProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [natural, setNatural] = useState<Bounds | null>(null);
  const [displayed, setDisplayed] = useState<Bounds | null>(null);
  const [box, setBox] = useState<CropBox | null>(null);
  const drag = useRef<Drag | null>(null);
  const releaseSelection = useRef<(() => void) | null>(null);
  const [encoding, setEncoding] = useState(false);
  /** Upload percent while verifying; null when idle. */
  const [percent, setPercent] = useState<number | null>(null);
  const verifying = percent !== null;
  const view = natural && displayed ? cropView(natural, displayed) : null;

  /** The picture's size on screen now; the box (natural pixels) is not touched, only drawn at the new scale. */
  const measure = useCallback(() => {
    const image = imageRef.current;
    if (!image || !image.naturalWidth || !image.clientWidth) return;
    const naturalSize = { width: image.naturalWidth, height: image.naturalHeight };
    const shown = { width: image.clientWidth, height: image.clientHeight };
    setNatural(naturalSize);
    setDisplayed(shown);
    setBox((current) => current ?? initialCrop(cropView(naturalSize, shown)));
  }, []);

  useEffect(() => {
    const image = imageRef.current;
    // The picture's size follows the window and the dialog's layout; a ResizeObserver sees both.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (image && observer) observer.observe(image);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      releaseSelection.current?.();
    };
  }, [measure]);

  function startDrag(mode: Drag['mode'], event: ReactPointerEvent<HTMLElement>) {
    if (!box || verifying) return;
    event.preventDefault();
    event.stopPropagation();
    // Captured, the drag follows the pointer past the picture and the dialog, and its end is never missed.
    event.currentTarget.setPointerCapture(event.pointerId);
    releaseSelection.current?.();
    releaseSelection.current = suppressTextSelection();
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
    if (!current || current.pointerId !== event.pointerId || !view) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    setBox(
      current.mode === 'move'
        ? moveCrop(current.start, dx, dy, view)
        : resizeCrop(current.start, Math.max(dx, dy), view),
    );
  }

  function endDrag(event: ReactPointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    releaseSelection.current?.();
    releaseSelection.current = null;
  }

  async function apply() {
    const image = imageRef.current;
    if (!image || !box) return;
    setEncoding(true);
    let jpeg: Blob;
    try {
      jpeg = await renderCrop(image, box);
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

  const shown = box && view ? toScreen(box, view) : null;

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
        {box && shown && view ? (
          <div
            role="slider"
            tabIndex={0}
            aria-label="Crop area: arrow keys move it, Shift and arrow keys resize it"
            aria-valuemin={50}
            aria-valuemax={displayed ? Math.round(Math.min(displayed.width, displayed.height)) : 0}
            aria-valuenow={Math.round(shown.size)}
            aria-valuetext={`${Math.round(shown.size)} pixel square at ${Math.round(shown.x)}, ${Math.round(shown.y)}`}
            data-crop={`${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.size)}`}
            onKeyDown={(e) => {
              if (verifying) return;
              const next = cropForKey(box, e.key, e.shiftKey, view);
              if (next) {
                e.preventDefault();
                setBox(next);
              }
            }}
            onPointerDown={(e) => startDrag('move', e)}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onLostPointerCapture={endDrag}
            className="absolute cursor-move rounded-sm outline-none ring-2 ring-white focus-visible:ring-4 focus-visible:ring-gold-500"
            style={{
              left: shown.x,
              top: shown.y,
              width: shown.size,
              height: shown.size,
              boxShadow: '0 0 0 9999px rgb(19 20 42 / 0.55)',
            }}
          >
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 rounded-full ring-1 ring-white/70"
            />
            {/* Its moves reach the square's handlers by bubbling, also while the handle holds the capture. */}
            <span
              aria-hidden="true"
              onPointerDown={(e) => startDrag('resize', e)}
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
