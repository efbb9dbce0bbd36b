import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateAccountStep } from './CreateAccountStep.tsx';

/** Identity's username availability answer, at the transport (the only network the step uses). */
function answerAvailability(available: boolean) {
  const fetchMock = vi.fn(async (path: string) =>
    path.includes('/usernames/')
      ? new Response(JSON.stringify({ available }), { headers: { 'content-type': 'application/json' } })
      : new Response(null, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderStep() {
  const show = vi.fn();
  render(
    <CreateAccountStep
      invitationCode="MER-2026"
      discountPercent={20}
      onCreated={() => {}}
      onChangeCode={() => {}}
      show={show}
    />,
  );
  return { show, user: userEvent.setup() };
}

describe('the sign-up form (Create account step)', () => {
  it('says the passwords do not match as soon as both are filled, and keeps Create account disabled', async () => {
    answerAvailability(true);
    const { user } = renderStep();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret1');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'secret2');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("gives the username rules in the spec's words and says when a username is free", async () => {
    const fetchMock = answerAvailability(true);
    const { user } = renderStep();
    const username = screen.getByLabelText('Username', { selector: 'input' });
    await user.type(username, 'ab');
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    await user.type(username, 'c!');
    expect(
      screen.getByText('Username can only contain letters, numbers, underscores and hyphens'),
    ).toBeTruthy();
    await user.clear(username);
    await user.type(username, 'Luna_Sky');
    // Checked 500 ms after typing stops.
    await waitFor(() => expect(screen.getByText('@luna_sky is available')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the invitation with its discount, and a field left empty says what is missing', async () => {
    answerAvailability(true);
    const { user } = renderStep();
    expect(screen.getByText('MER-2026')).toBeTruthy();
    expect(screen.getByText(/20% off your membership/)).toBeTruthy();
    await user.type(screen.getByLabelText('Full name', { selector: 'input' }), 'Luna');
    expect(screen.getByText('Please enter your full name (first and last name)')).toBeTruthy();
    expect(screen.queryByText('Email is required')).toBeNull();
    await user.click(screen.getByLabelText('Email', { selector: 'input' }));
    await user.tab();
    expect(screen.getByText('Email is required')).toBeTruthy();
  });
});
