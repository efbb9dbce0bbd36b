/// <reference lib="dom" />
/**
 * What a member does in the 'Crop Your Profile Picture' dialog (the same dialog in the wizard and in Settings):
 * look at the picture and put the square over the face with the keyboard (arrows move it, Shift+arrows resize
 * it), then apply. Also the square picture of two friends the multiple-faces refusal needs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** A crop as fractions of the natural picture (x, y of the top-left corner, and the side). */
export interface CropTarget {
  x: number;
  y: number;
  size: number;
}

/**
 * The astronaut's face (natural pixels 150, 60, side 218 of 512): the dialog's first square (200 display px,
 * centred) covers only the nose and mouth, on which the face check finds no face.
 */
export const ASTRONAUT_FACE: CropTarget = { x: 150 / 512, y: 60 / 512, size: 218 / 512 };
/** The whole picture (the square two-faces picture: both friends in the crop). */
export const WHOLE_PICTURE: CropTarget = { x: 0, y: 0, size: 1 };

/**
 * two-faces.jpg is 800x400 with one face in each half, so no square crop of it holds both faces. Letterboxed on
 * a white 800x800 canvas it becomes a square picture of the two friends (white, not black: on black bars the
 * face check sees a third face), made at test time in a temp folder.
 */
export async function squareTwoFaces(fixtures: string): Promise<{ file: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'mer-two-faces-'));
  const file = join(dir, 'two-faces-square.jpg');
  await sharp(join(fixtures, 'two-faces.jpg'))
    .resize(800, 800, { fit: 'contain', background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toFile(file);
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

interface DisplayedCrop {
  x: number;
  y: number;
  size: number;
  displayed: { width: number; height: number };
  natural: { width: number; height: number };
}

async function readCrop(page: Page): Promise<DisplayedCrop> {
  const dialog = page.getByRole('dialog', { name: 'Crop Your Profile Picture' });
  const text = (await dialog.getByRole('slider').getAttribute('aria-valuetext')) ?? '';
  const match = /^(\d+) pixel square at (-?\d+), (-?\d+)$/.exec(text);
  if (!match) throw new Error(`Unexpected crop description: ${text}`);
  const image = await dialog.getByRole('img', { name: 'The photo you picked' }).evaluate((img) => {
    const el = img as HTMLImageElement;
    return {
      displayed: { width: el.clientWidth, height: el.clientHeight },
      natural: { width: el.naturalWidth, height: el.naturalHeight },
    };
  });
  return { size: Number(match[1]), x: Number(match[2]), y: Number(match[3]), ...image };
}

/**
 * Moves and resizes the crop square with the keyboard until it lies over `target` (within half a key step),
 * and checks where it ended, in the natural picture's pixels. Shrinks first and grows last, so the square never
 * has to pass the picture's edge on the way.
 */
export async function placeCrop(page: Page, target: CropTarget): Promise<void> {
  const slider = page.getByRole('dialog', { name: 'Crop Your Profile Picture' }).getByRole('slider');
  await slider.waitFor();
  await slider.focus();
  const start = await readCrop(page);
  const scale = start.displayed.width / start.natural.width;
  const goal = {
    x: target.x * start.natural.width * scale,
    y: target.y * start.natural.height * scale,
    size: Math.min(target.size * start.natural.width * scale, start.displayed.width, start.displayed.height),
  };
  const tolerance = 6;
  async function approach(read: (c: DisplayedCrop) => number, goalValue: number, less: string, more: string) {
    for (let i = 0; i < 200; i++) {
      const delta = goalValue - read(await readCrop(page));
      if (Math.abs(delta) <= tolerance) return;
      const before = read(await readCrop(page));
      await page.keyboard.press(delta < 0 ? less : more);
      if (read(await readCrop(page)) === before) return; // at an edge or a size limit
    }
  }
  if (goal.size < start.size) await approach((c) => c.size, goal.size, 'Shift+ArrowLeft', 'Shift+ArrowRight');
  await approach((c) => c.x, goal.x, 'ArrowLeft', 'ArrowRight');
  await approach((c) => c.y, goal.y, 'ArrowUp', 'ArrowDown');
  await approach((c) => c.size, goal.size, 'Shift+ArrowLeft', 'Shift+ArrowRight');

  const end = await readCrop(page);
  const toNatural = (v: number) => v / scale;
  const allowed = (tolerance + 1) / scale;
  expect(Math.abs(toNatural(end.x) - target.x * end.natural.width)).toBeLessThanOrEqual(allowed);
  expect(Math.abs(toNatural(end.y) - target.y * end.natural.height)).toBeLessThanOrEqual(allowed);
  expect(Math.abs(toNatural(end.size) - goal.size / scale)).toBeLessThanOrEqual(allowed);
}

/**
 * In the open crop dialog: places the square (or keeps the dialog's first one when no target is given), applies
 * it, and waits until the dialog has closed (it closes on the face check's answer, accepted or refused).
 */
export async function cropAndApply(page: Page, target?: CropTarget): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Crop Your Profile Picture' });
  await dialog.waitFor();
  await dialog.getByRole('slider').waitFor();
  if (target) await placeCrop(page, target);
  await dialog.getByRole('button', { name: 'Apply Crop' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
}
