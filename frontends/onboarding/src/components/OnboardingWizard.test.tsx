import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { StorageKeys } from '@mer/api-client';
import type { Me } from '@mer/contracts';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import { emptyDraft } from '../domain/wizard-rules.ts';
import OnboardingWizard from './OnboardingWizard.tsx';

// An admin completes a profile without a membership (no billing call to stub).
const admin = {
  id: 'user-1',
  username: 'luna_sky',
  name: 'Luna Sky',
  email: 'luna@example.com',
  isAdmin: true,
  permissions: [],
} as unknown as Me;

/** The wizard saved on this device at `step`, with what the steps before it ask for. */
function savedDraft(step: number, patch: Partial<ReturnType<typeof emptyDraft>> = {}) {
  const startedAt = new Date().toISOString();
  const data = {
    ...emptyDraft('Luna Sky', 'luna_sky'),
    location: 'Lisbon, Portugal',
    cityId: 'city-lisbon',
    languagesSpoken: ['en'],
    bio: 'Morning meditation and long walks.',
    ...patch,
  };
  localStorage.setItem(
    `${StorageKeys.onboardingUserPrefix}${admin.id}`,
    JSON.stringify({ step, startedAt, updatedAt: startedAt, data }),
  );
  // Straight from sign-up: no "continue where you left off?" screen.
  localStorage.setItem(StorageKeys.freshSignup, '1');
}

function renderWizard() {
  render(
    <BrowserRouter>
      <OnboardingWizard />
    </BrowserRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  // The session starts as the admin's; nothing else is there yet (no server draft, no profile, empty lists).
  stubApi({}, { signedIn: admin });
});

afterEach(() => {
  localStorage.clear();
  queryClient.clear();
});

describe('the onboarding wizard', () => {
  it('counts the steps, and Continue stays on a step whose required field is missing', async () => {
    savedDraft(2);
    const user = renderWizard();
    expect(await screen.findByRole('heading', { name: 'Profile Picture' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 6')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Profile setup: Step 2 of 6, 33% complete' }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 2 of 6')).toBeTruthy();
    expect(screen.getByText('Please add a profile photo with your face')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Basic Info' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 6')).toBeTruthy();
  });

  it('moves on to the next step once the required field is there', async () => {
    savedDraft(2, { imageUrl: '/media/photos/luna.jpg' });
    const user = renderWizard();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { name: 'Interests' })).toBeTruthy();
    expect(screen.getByText('Step 3 of 6')).toBeTruthy();
  });
});
