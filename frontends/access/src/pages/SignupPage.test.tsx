import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { identity } from '@mer/contracts/browser';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import { saveSignupState } from '../hooks/useSignupState.ts';
import SignupPage from './SignupPage.tsx';

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  render(
    <BrowserRouter>
      <SignupPage />
    </BrowserRouter>,
  );
  return userEvent.setup();
}

const codeField = () => screen.getByLabelText('Invitation code', { selector: 'input' }) as HTMLInputElement;

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the sign-up page opened from an invitation e-mail (/signup?code=...)', () => {
  it('fills the code from the link, and Continue checks it as a typed one', async () => {
    const checked: unknown[] = [];
    stubApi({
      [`POST ${identity.validateInvitation.path}`]: ({ body }: ApiRequest) => {
        checked.push(body);
        return { valid: true, code: 'LOTUS7K2', discount: { percentOff: 20 } };
      },
    });
    const user = renderAt('/signup?code=lotus7k2');
    expect(codeField().value).toBe('LOTUS7K2');
    // Nothing is sent until the member presses Continue (the spec checks codes on submit).
    expect(checked).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(checked).toEqual([{ code: 'LOTUS7K2' }]);
  });

  it("an invalid code from the link gets the server's words, as a typed one does", async () => {
    stubApi({
      [`POST ${identity.validateInvitation.path}`]: () => ({
        valid: false,
        error: 'Invalid invitation code',
      }),
    });
    const user = renderAt('/signup?code=NOPE');
    expect(codeField().value).toBe('NOPE');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid invitation code')).toBeTruthy();
  });

  it('a link with a new code replaces the code kept from an earlier visit, keeping the waiting-list details', async () => {
    saveSignupState({
      invitationCode: '',
      discountPercent: null,
      waitingList: { name: 'Sky Rivers', email: 'sky@example.org' },
    });
    stubApi({
      [`POST ${identity.validateInvitation.path}`]: () => ({ valid: true, code: 'WAVE2026' }),
    });
    const user = renderAt('/signup?code=WAVE2026');
    expect(codeField().value).toBe('WAVE2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect((screen.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'sky@example.org',
    );
  });

  it('without a code in the link, a kept code still opens step 2', async () => {
    saveSignupState({ invitationCode: 'KEPT1234', discountPercent: null });
    stubApi({});
    renderAt('/signup');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
  });
});
