import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, MemberPhoto } from '@mer/contracts';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../../component-testing.ts';
import { MyPhotos } from './MyPhotos.tsx';

const ME = { id: '00000000-0000-4000-8000-000000000001', name: 'Alder Stone', username: 'alder' } as Me;
const owner = { userId: ME.id, name: ME.name, username: ME.username, imageUrl: null };

function photo(n: number, caption: string | null): MemberPhoto {
  const photoId = `00000000-0000-4000-8000-00000000000${n}`;
  return {
    photoId,
    imageUrl: `/api/v1/community-feed/photo-files/${photoId}.jpg`,
    width: 800,
    height: 600,
    owner,
    albumId: null,
    caption,
    tags: [],
    createdAt: '2026-11-25T10:00:00.000Z',
  };
}

function Harness({ initial = null }: { initial?: string | null }) {
  const [open, setOpen] = useState<string | null>(initial);
  return (
    <BrowserRouter>
      <MyPhotos openPhotoId={open} onOpenPhotoChange={setOpen} />
      <output data-testid="open-photo">{open ?? ''}</output>
    </BrowserRouter>
  );
}

const PATH = `GET /api/v1/community-feed/members/${ME.id}/photos`;

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the Photos tab of /my-profile', () => {
  it("shows the member's photos as a grid; a photo opens in the lightbox, with Next", async () => {
    stubApi(
      { [PATH]: () => ({ photos: [photo(1, 'Sunrise at the bay'), photo(2, null)] }) },
      { signedIn: ME },
    );
    const user = userEvent.setup();
    render(<Harness />);
    const grid = await screen.findByRole('list', { name: 'Your photos' });
    expect(
      within(grid)
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['Sunrise at the bay', 'Photo by Alder Stone']);
    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo 1 of 2' });
    expect(within(dialog).getByText('Sunrise at the bay')).toBeTruthy();
    expect(screen.getByTestId('open-photo').textContent).toBe(photo(1, null).photoId);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeTruthy();
  });

  it('opens the photo named in the address (a photo-tag notification links there)', async () => {
    stubApi(
      { [PATH]: () => ({ photos: [photo(1, null), photo(2, 'Tagged at the circle')] }) },
      { signedIn: ME },
    );
    render(<Harness initial={photo(2, null).photoId} />);
    const dialog = await screen.findByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(dialog).getByText('Tagged at the circle')).toBeTruthy();
  });

  it('with no photos yet, invites the member to the community photos', async () => {
    stubApi({ [PATH]: () => ({ photos: [] }) }, { signedIn: ME });
    render(<Harness />);
    const link = await screen.findByRole('link', { name: 'Browse community photos' });
    expect(link.getAttribute('href')).toBe('/photos');
  });
});
