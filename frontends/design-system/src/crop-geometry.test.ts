import { describe, expect, it } from 'vitest';
import {
  constrainCrop,
  cropForKey,
  initialCrop,
  moveCrop,
  outputSide,
  resizeCrop,
  toNaturalPixels,
} from './crop-geometry.ts';

const bounds = { width: 400, height: 300 };

describe('crop box', () => {
  it('starts at 200 px, centred, or as big as a small image allows', () => {
    expect(initialCrop(bounds)).toEqual({ x: 100, y: 50, size: 200 });
    expect(initialCrop({ width: 120, height: 160 })).toEqual({ x: 0, y: 20, size: 120 });
  });
  it('stays inside the image when moved', () => {
    expect(moveCrop({ x: 100, y: 50, size: 200 }, 500, -500, bounds)).toEqual({ x: 200, y: 0, size: 200 });
  });
  it('never gets smaller than 50 px nor larger than the image', () => {
    expect(resizeCrop({ x: 10, y: 10, size: 200 }, -400, bounds).size).toBe(50);
    expect(resizeCrop({ x: 50, y: 50, size: 200 }, 400, bounds).size).toBe(250);
    expect(constrainCrop({ x: -5, y: 0, size: 999 }, bounds)).toEqual({ x: 0, y: 0, size: 300 });
  });
  it('moves with arrow keys and resizes with shift+arrows', () => {
    const box = { x: 100, y: 50, size: 200 };
    expect(cropForKey(box, 'ArrowLeft', false, bounds)).toEqual({ x: 90, y: 50, size: 200 });
    expect(cropForKey(box, 'ArrowDown', false, bounds)).toEqual({ x: 100, y: 60, size: 200 });
    expect(cropForKey(box, 'ArrowRight', true, bounds)).toEqual({ x: 100, y: 50, size: 210 });
    expect(cropForKey(box, 'ArrowDown', true, bounds)).toEqual({ x: 100, y: 50, size: 190 });
    expect(cropForKey(box, 'Enter', false, bounds)).toBeNull();
  });
  it('maps the displayed box to natural pixels and caps the output at 1024 px', () => {
    expect(toNaturalPixels({ x: 100, y: 50, size: 200 }, bounds, { width: 1600, height: 1200 })).toEqual({
      x: 400,
      y: 200,
      size: 800,
    });
    expect(outputSide(800)).toBe(800);
    expect(outputSide(3000)).toBe(1024);
  });
});
