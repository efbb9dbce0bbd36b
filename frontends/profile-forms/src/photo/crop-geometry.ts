/**
 * The square crop box of the photo dialog (spec: square, at least 50 px, initially 200 px).
 *
 * The box is kept in the picture's natural pixels, the only coordinates that do not change when the window is
 * resized: the dialog converts it to screen pixels when it draws it, and the member's drags and key steps from
 * screen pixels into the picture's. The sizes the member sees (50 px at least, 200 px at first, 10 px key
 * steps) are screen pixels, converted with the scale at the time of the gesture.
 */
export const MIN_CROP = 50;
export const INITIAL_CROP = 200;
export const KEY_STEP = 10;

/** A square in the picture's natural pixels (x, y of the top-left corner, and the side). */
export interface CropBox {
  x: number;
  y: number;
  size: number;
}

export interface Bounds {
  width: number;
  height: number;
}

/** The picture as the dialog shows it: its natural size, and how many natural pixels one screen pixel holds. */
export interface CropView {
  natural: Bounds;
  scale: number;
}

/** The view of a picture of `natural` size drawn `displayed` big on screen. */
export function cropView(natural: Bounds, displayed: Bounds): CropView {
  return { natural, scale: displayed.width > 0 ? natural.width / displayed.width : 1 };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The smallest side caps the box. */
function maxSize(view: CropView): number {
  return Math.max(0, Math.min(view.natural.width, view.natural.height));
}

/**
 * 50 px on screen, and never under 50 px of the picture (a picture is never drawn larger than it is, but a
 * smaller scale must not let the output shrink below the spec's minimum); a picture smaller than that gets a
 * box as big as it can be.
 */
function minSize(view: CropView): number {
  return Math.min(MIN_CROP * Math.max(1, view.scale), maxSize(view));
}

/** The initial box: 200 screen px (or as large as fits), centred. */
export function initialCrop(view: CropView): CropBox {
  const size = clamp(INITIAL_CROP * view.scale, minSize(view), maxSize(view));
  return { x: (view.natural.width - size) / 2, y: (view.natural.height - size) / 2, size };
}

/** Keeps a box inside the picture and within the size limits. */
export function constrainCrop(box: CropBox, view: CropView): CropBox {
  const size = clamp(box.size, minSize(view), maxSize(view));
  return {
    size,
    x: clamp(box.x, 0, view.natural.width - size),
    y: clamp(box.y, 0, view.natural.height - size),
  };
}

/** Moves the box by a drag of (dx, dy) screen pixels. */
export function moveCrop(box: CropBox, dx: number, dy: number, view: CropView): CropBox {
  return constrainCrop({ ...box, x: box.x + dx * view.scale, y: box.y + dy * view.scale }, view);
}

/**
 * Resizes from the bottom-right handle by `delta` screen pixels, keeping the top-left corner: the box stays
 * square, and stops at the picture's edge.
 */
export function resizeCrop(box: CropBox, delta: number, view: CropView): CropBox {
  const room = Math.min(view.natural.width - box.x, view.natural.height - box.y);
  const size = clamp(box.size + delta * view.scale, minSize(view), room);
  return { ...box, size };
}

/** Arrow keys move the box (Shift+arrows resize it), `KEY_STEP` screen px at a time. */
export function cropForKey(box: CropBox, key: string, shift: boolean, view: CropView): CropBox | null {
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!d) return null;
  if (shift) {
    const grow = d[0] !== 0 ? d[0]! : -d[1]!;
    return resizeCrop(box, grow * KEY_STEP, view);
  }
  return moveCrop(box, d[0]! * KEY_STEP, d[1]! * KEY_STEP, view);
}

/** Where the box is drawn, in screen pixels over the picture as it is shown now. */
export function toScreen(box: CropBox, view: CropView): CropBox {
  return { x: box.x / view.scale, y: box.y / view.scale, size: box.size / view.scale };
}

/** The box in whole natural pixels inside the picture, for drawImage. */
export function toNaturalPixels(box: CropBox, natural: Bounds): CropBox {
  const size = Math.max(1, Math.min(Math.round(box.size), natural.width, natural.height));
  return {
    size,
    x: clamp(Math.round(box.x), 0, natural.width - size),
    y: clamp(Math.round(box.y), 0, natural.height - size),
  };
}

/** The output's side: the crop's natural size, at most 1024 px (the server re-encodes to at most that). */
export function outputSide(naturalSize: number): number {
  return Math.min(1024, Math.max(1, Math.round(naturalSize)));
}
