import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import EmailTester from './EmailTester.tsx';
import { member } from './notification-fixtures.ts';

const TESTER = 'POST /api/v1/notifications-email/email-test';

afterEach(() => {
  localStorage.clear();
  queryClient.clear();
});

function renderTester() {
  return render(
    <BrowserRouter>
      <EmailTester />
    </BrowserRouter>,
  );
}

describe('/email-test', () => {
  it('offers the three types, links to /admin, and sends to an address', async () => {
    const sent: unknown[] = [];
    stubApi(
      {
        [TESTER]: ({ body }: ApiRequest) => {
          sent.push(body);
          return {
            success: true,
            message: 'Test e-mail sent',
            to: 'ines@example.org',
            emailId: '00000000-0000-4000-8000-0000000000e1',
          };
        },
      },
      { signedIn: member },
    );
    renderTester();
    expect(screen.getByRole('link', { name: 'Admin dashboard' }).getAttribute('href')).toBe('/admin');
    const type = screen.getByRole('combobox', { name: 'E-mail type' });
    expect(Array.from((type as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      'connection_request',
      'connection_accepted',
      'message',
    ]);
    await userEvent.selectOptions(type, 'message');
    await userEvent.type(
      screen.getByLabelText('Send to e-mail address', { selector: 'input' }),
      'ines@example.org',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    expect(await screen.findByText(/Test e-mail sent/)).toBeTruthy();
    expect(sent).toEqual([{ type: 'message', email: 'ines@example.org' }]);
  });

  it("shows the service's words: 'Email required' and 'Target user email not found'", async () => {
    stubApi(
      {
        [TESTER]: ({ body }: ApiRequest) => {
          const { email, targetUserId } = body as { email?: string; targetUserId?: string };
          if (!email && !targetUserId)
            return Response.json(
              { error: { code: 'invalid_data', message: 'Email required' } },
              { status: 400 },
            );
          return Response.json(
            { error: { code: 'item_not_found', message: 'Target user email not found' } },
            { status: 404 },
          );
        },
      },
      { signedIn: member },
    );
    renderTester();
    await userEvent.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Email required');

    await userEvent.type(
      screen.getByLabelText('Or to a member (member ID)', { selector: 'input' }),
      '00000000-0000-4000-8000-0000000000ff',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    expect(await screen.findByText('Target user email not found')).toBeTruthy();
  });
});
