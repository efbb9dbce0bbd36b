import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CropDialog } from '../index.ts';

/** What the dialog drew on its canvas: the crop in the picture's natural pixels, and the output size. */
let drawn: number[] = [];
let canvasSide = 0;

beforeEach(() => {
  drawn = [];
  // happy-dom has no 2D canvas: record the drawing and encode a one-byte "JPEG".
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    canvasSide = this.width;
    return {
      fillStyle: '',
      fillRect: () => {},
      drawImage: (_image: unknown, ...rest: number[]) => (drawn = rest),
    } as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
    callback(new Blob(['x'], { type: type ?? 'image/png' })),
  );
});

/** The picked picture has loaded: 800×600 pixels shown at 400×300 (a scale of 2). */
function loadPicture() {
  const image = screen.getByAltText('The photo you picked');
  for (const [name, value] of Object.entries({
    naturalWidth: 800,
    naturalHeight: 600,
    clientWidth: 400,
    clientHeight: 300,
  }))
    Object.defineProperty(image, name, { value, configurable: true });
  fireEvent.load(image);
}

type OnApply = (jpeg: Blob, onProgress: (percent: number) => void) => Promise<void>;

async function openDialog(onApply = vi.fn<OnApply>(async () => {})) {
  const onCancel = vi.fn();
  render(
    <Suspense fallback={null}>
      <CropDialog source="blob:picked-photo" onCancel={onCancel} onApply={onApply} />
    </Suspense>,
  );
  expect(await screen.findByRole('dialog', { name: 'Crop Your Profile Picture' })).toBeTruthy();
  return { onApply, onCancel };
}

describe('the crop dialog (wizard and Settings)', () => {
  it('waits for the picture, then starts with a 200 px square in the middle that arrow keys move and resize', async () => {
    await openDialog();
    const apply = screen.getByRole('button', { name: 'Apply Crop' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    loadPicture();
    expect(apply.disabled).toBe(false);

    const square = screen.getByRole('slider', { name: /Crop area/ });
    // 200 screen pixels are 400 of the picture's, centred.
    expect(square.getAttribute('aria-valuenow')).toBe('200');
    expect(square.dataset.crop).toBe('200,100,400');
    fireEvent.keyDown(square, { key: 'ArrowRight' });
    expect(square.dataset.crop).toBe('220,100,400');
    fireEvent.keyDown(square, { key: 'ArrowRight', shiftKey: true });
    expect(square.dataset.crop).toBe('220,100,420');
    // Never past the picture's edge.
    for (let i = 0; i < 50; i++) fireEvent.keyDown(square, { key: 'ArrowUp' });
    expect(square.dataset.crop).toBe('220,0,420');
  });

  it('encodes the crop as a JPEG of the picked pixels and shows the upload progress until it is done', async () => {
    let finish: () => void = () => {};
    const onApply = vi.fn<OnApply>(
      (_jpeg, onProgress) =>
        new Promise<void>((resolve) => {
          onProgress(40);
          finish = resolve;
        }),
    );
    await openDialog(onApply);
    loadPicture();
    fireEvent.click(screen.getByRole('button', { name: 'Apply Crop' }));

    expect(await screen.findByText(/Verifying your photo\.\.\./, { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    expect(drawn.slice(0, 4)).toEqual([200, 100, 400, 400]);
    expect(canvasSide).toBe(400);
    const [jpeg] = onApply.mock.calls[0]!;
    expect(jpeg.type).toBe('image/jpeg');
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => finish());
    expect(screen.queryByText(/Verifying your photo/, { selector: 'p' })).toBeNull();
  });

  it('Cancel closes without uploading', async () => {
    const { onApply, onCancel } = await openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onApply).not.toHaveBeenCalled();
  });
});
