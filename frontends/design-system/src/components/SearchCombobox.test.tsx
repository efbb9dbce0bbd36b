import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchCombobox } from './SearchCombobox.tsx';

const lisbon = { id: 'lisbon', label: 'Lisbon, Portugal' };

function Field({
  search,
  onPick,
}: {
  search: (text: string) => Promise<(typeof lisbon)[]>;
  onPick: () => void;
}) {
  const [text, setText] = useState('');
  return (
    <SearchCombobox
      label="City"
      text={text}
      onTextChange={setText}
      search={search}
      onPick={(city) => {
        setText(city.label);
        onPick();
      }}
      minChars={2}
      debounceMs={50}
      failedText="Unable to load cities"
      noneText={(typed) => `No cities found for “${typed}”`}
    />
  );
}

describe('SearchCombobox: a combobox over a server search', () => {
  it('searches from 2 trimmed characters once typing pauses, and a pick fills the box without a new search', async () => {
    const search = vi.fn(async (text: string) => (text.startsWith('Li') ? [lisbon] : []));
    const onPick = vi.fn();
    render(<Field search={search} onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'City' });
    await userEvent.type(box, ' L ');
    await new Promise((r) => setTimeout(r, 120));
    expect(search).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, 'Lis');
    await userEvent.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }));
    // One search for the settled text, trimmed; none for the picked label.
    expect(search.mock.calls.map(([text]) => text)).toEqual(['Lis']);
    expect(onPick).toHaveBeenCalledOnce();
    expect((box as HTMLInputElement).value).toBe('Lisbon, Portugal');
    await new Promise((r) => setTimeout(r, 120));
    expect(search).toHaveBeenCalledOnce();
  });

  it('says when nothing matches and when the search fails', async () => {
    const search = vi.fn(async (text: string) => {
      if (text === 'zz') return [];
      throw new Error('offline');
    });
    render(<Field search={search} onPick={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'City' });
    await userEvent.type(box, 'zz');
    expect(await screen.findByText('No cities found for “zz”')).toBeTruthy();
    await userEvent.type(box, 'x');
    await waitFor(() => expect(screen.getByText('Unable to load cities')).toBeTruthy());
  });
});
