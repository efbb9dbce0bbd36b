/**
 * The square crop box of the photo dialog (spec: square, at least 50 px, initially 200 px), in the displayed
 * image's pixels, and its mapping to the natural image for the canvas.
 */
export const MIN_CROP = 50;
export const INITIAL_CROP = 200;
export const KEY_STEP = 10;

export interface CropBox {
  x: number;
  y: number;
  size: number;
}

export interface Bounds {
  width: number;
  height: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The smallest side caps the box; an image smaller than 50 px gets a box as big as it can be. */
function maxSize(bounds: Bounds): number {
  return Math.max(0, Math.min(bounds.width, bounds.height));
}

function minSize(bounds: Bounds): number {
  return Math.min(MIN_CROP, maxSize(bounds));
}

/** The initial box: 200 px (or as large as fits), centred. */
export function initialCrop(bounds: Bounds): CropBox {
  const size = clamp(INITIAL_CROP, minSize(bounds), maxSize(bounds));
  return { x: (bounds.width - size) / 2, y: (bounds.height - size) / 2, size };
}

/** Keeps a box inside the image and within the size limits. */
export function constrainCrop(box: CropBox, bounds: Bounds): CropBox {
  const size = clamp(box.size, minSize(bounds), maxSize(bounds));
  return {
    size,
    x: clamp(box.x, 0, bounds.width - size),
    y: clamp(box.y, 0, bounds.height - size),
  };
}

export function moveCrop(box: CropBox, dx: number, dy: number, bounds: Bounds): CropBox {
  return constrainCrop({ ...box, x: box.x + dx, y: box.y + dy }, bounds);
}

/**
 * Resizes from the bottom-right handle, keeping the top-left corner: the box stays square, uses the larger of
 * the two drag distances, and stops at the image's edge.
 */
export function resizeCrop(box: CropBox, delta: number, bounds: Bounds): CropBox {
  const room = Math.min(bounds.width - box.x, bounds.height - box.y);
  const size = clamp(box.size + delta, minSize(bounds), room);
  return { ...box, size };
}

/** Arrow keys move the box (Shift+arrows resize it), `KEY_STEP` px at a time. */
export function cropForKey(box: CropBox, key: string, shift: boolean, bounds: Bounds): CropBox | null {
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!d) return null;
  if (shift) {
    const grow = d[0] !== 0 ? d[0]! : -d[1]!;
    return resizeCrop(box, grow * KEY_STEP, bounds);
  }
  return moveCrop(box, d[0]! * KEY_STEP, d[1]! * KEY_STEP, bounds);
}

/** The box in the natural image's pixels, for drawImage (whole pixels, inside the image). */
export function toNaturalPixels(box: CropBox, displayed: Bounds, natural: Bounds): CropBox {
  const scale = natural.width / displayed.width;
  const size = Math.max(1, Math.min(Math.round(box.size * scale), natural.width, natural.height));
  return {
    size,
    x: clamp(Math.round(box.x * scale), 0, natural.width - size),
    y: clamp(Math.round(box.y * scale), 0, natural.height - size),
  };
}

/** The output's side: the crop's natural size, at most 1024 px (the server re-encodes to at most that). */
export function outputSide(naturalSize: number): number {
  return Math.min(1024, Math.max(1, Math.round(naturalSize)));
}
