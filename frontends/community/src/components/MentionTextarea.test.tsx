import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedMember } from '@mer/contracts';
import { MentionTextarea } from './MentionTextarea.tsx';

const members: FeedMember[] = [
  { userId: 'u1', name: 'Alder Stone', username: 'alder_x1', imageUrl: null },
  { userId: 'u2', name: 'Birch Moss', username: 'birch', imageUrl: null },
];

function Harness() {
  const [value, setValue] = useState('');
  return <MentionTextarea label="Write a comment" value={value} onChange={setValue} members={members} />;
}

describe('MentionTextarea', () => {
  it('lists members for @ and a few letters, and Enter puts the username in', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Write a comment' });
    await user.type(box, 'Thank you @al');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['ASAlder Stone@alder_x1']);
    await user.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Thank you @alder_x1 ');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('Escape closes the list without changing the text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Write a comment' });
    await user.type(box, '@bi');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect((box as HTMLTextAreaElement).value).toBe('@bi');
  });
});
