import { describe, expect, it } from 'vitest';
import {
  constrainCrop,
  cropForKey,
  cropView,
  initialCrop,
  moveCrop,
  outputSide,
  resizeCrop,
  toNaturalPixels,
  toScreen,
} from './crop-geometry.ts';

// A 1600x1200 picture drawn 400x300 on screen: one screen pixel holds 4 of the picture's.
const natural = { width: 1600, height: 1200 };
const view = cropView(natural, { width: 400, height: 300 });
// The same picture after the window shrank: drawn 200x150, 8 picture pixels per screen pixel.
const smaller = cropView(natural, { width: 200, height: 150 });
// A picture shown at its own size.
const actual = cropView({ width: 400, height: 300 }, { width: 400, height: 300 });

describe('crop box (in the picture natural pixels)', () => {
  it('starts at 200 screen px, centred, or as big as a small picture allows', () => {
    expect(view.scale).toBe(4);
    expect(initialCrop(view)).toEqual({ x: 400, y: 200, size: 800 });
    expect(toScreen(initialCrop(view), view)).toEqual({ x: 100, y: 50, size: 200 });
    const small = { width: 120, height: 160 };
    expect(initialCrop(cropView(small, small))).toEqual({ x: 0, y: 20, size: 120 });
  });

  it('keeps the same part of the picture when the window is resized, only drawn at the new scale', () => {
    const box = { x: 600, y: 240, size: 872 };
    expect(toScreen(box, view)).toEqual({ x: 150, y: 60, size: 218 });
    expect(toScreen(box, smaller)).toEqual({ x: 75, y: 30, size: 109 });
    // What is uploaded does not depend on the window.
    expect(toNaturalPixels(box, natural)).toEqual(box);
  });

  it('turns screen drags and key steps into picture pixels at the current scale', () => {
    const box = { x: 400, y: 200, size: 800 };
    expect(moveCrop(box, 10, -5, view)).toEqual({ x: 440, y: 180, size: 800 });
    expect(moveCrop(box, 10, -5, smaller)).toEqual({ x: 480, y: 160, size: 800 });
    expect(cropForKey(box, 'ArrowRight', false, view)).toEqual({ x: 440, y: 200, size: 800 });
    expect(cropForKey(box, 'ArrowRight', true, smaller)).toEqual({ x: 400, y: 200, size: 880 });
  });

  it('stays inside the picture when moved', () => {
    expect(moveCrop({ x: 100, y: 50, size: 200 }, 500, -500, actual)).toEqual({ x: 200, y: 0, size: 200 });
  });

  it('never gets smaller than 50 screen px (nor 50 picture px) nor larger than the picture', () => {
    expect(resizeCrop({ x: 10, y: 10, size: 200 }, -400, actual).size).toBe(50);
    expect(resizeCrop({ x: 400, y: 200, size: 800 }, -400, view).size).toBe(200);
    expect(resizeCrop({ x: 50, y: 50, size: 200 }, 400, actual).size).toBe(250);
    expect(constrainCrop({ x: -5, y: 0, size: 999 }, actual)).toEqual({ x: 0, y: 0, size: 300 });
    // Drawn larger than it is (scale below 1), the picture still gives at least 50 of its pixels.
    const enlarged = cropView({ width: 400, height: 300 }, { width: 800, height: 600 });
    expect(resizeCrop({ x: 0, y: 0, size: 100 }, -400, enlarged).size).toBe(50);
  });

  it('moves with arrow keys and resizes with shift+arrows', () => {
    const box = { x: 100, y: 50, size: 200 };
    expect(cropForKey(box, 'ArrowLeft', false, actual)).toEqual({ x: 90, y: 50, size: 200 });
    expect(cropForKey(box, 'ArrowDown', false, actual)).toEqual({ x: 100, y: 60, size: 200 });
    expect(cropForKey(box, 'ArrowRight', true, actual)).toEqual({ x: 100, y: 50, size: 210 });
    expect(cropForKey(box, 'ArrowDown', true, actual)).toEqual({ x: 100, y: 50, size: 190 });
    expect(cropForKey(box, 'Enter', false, actual)).toBeNull();
  });

  it('rounds to whole picture pixels inside the picture and caps the output at 1024 px', () => {
    expect(toNaturalPixels({ x: 400.4, y: 199.6, size: 800.2 }, natural)).toEqual({
      x: 400,
      y: 200,
      size: 800,
    });
    expect(toNaturalPixels({ x: 1599.6, y: 0, size: 0.2 }, natural)).toEqual({ x: 1599, y: 0, size: 1 });
    expect(outputSide(800)).toBe(800);
    expect(outputSide(3000)).toBe(1024);
  });
});
