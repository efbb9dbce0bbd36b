import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { socialGraph } from '@mer/contracts/browser';
import { stubApi } from '../../../../component-testing.ts';
import { ConnectionActions } from './ConnectionActions.tsx';

const ME = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ana@example.org',
  emailConfirmed: true,
  name: 'Ana Lima',
  username: 'ana',
} as never;
const OTHER = '00000000-0000-4000-8000-000000000002';
const REQUEST = '00000000-0000-4000-8000-0000000000aa';

function renderActions(
  status: 'none' | 'pending_sent' | 'pending_received' | 'connected',
  requestId: string | null,
) {
  return render(
    <BrowserRouter>
      <ConnectionActions
        userId={OTHER}
        name="Bruno Reis"
        status={status}
        requestId={requestId}
        withdrawable
      />
    </BrowserRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the connection status button', () => {
  it('offers Connect / Pending / Accept and Decline / Message by status, naming the member', () => {
    stubApi({}, { signedIn: ME });
    const { unmount } = renderActions('none', null);
    expect(screen.getByRole('button', { name: 'Connect with Bruno Reis' })).toBeTruthy();
    unmount();
    const pending = renderActions('pending_sent', REQUEST);
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw your request to Bruno Reis' })).toBeTruthy();
    pending.unmount();
    const received = renderActions('pending_received', REQUEST);
    expect(screen.getByRole('button', { name: "Accept Bruno Reis's request" })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Decline Bruno Reis's request" })).toBeTruthy();
    received.unmount();
    renderActions('connected', REQUEST);
    expect(screen.getByRole('link', { name: 'Message Bruno Reis' })).toBeTruthy();
  });

  it('sends the request for the other member and shows a refusal in its own words', async () => {
    const fetch = stubApi(
      {
        [`POST ${socialGraph.sendRequest.path}`]: () =>
          Response.json(
            {
              error: {
                code: 'not_found',
                title: 'Item Not Found',
                message: 'The requested item could not be found.',
                retryable: false,
              },
            },
            { status: 404 },
          ),
      },
      { signedIn: ME },
    );
    renderActions('none', null);
    await userEvent.click(screen.getByRole('button', { name: 'Connect with Bruno Reis' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('could not be found'));
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith(socialGraph.sendRequest.path));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ userId: OTHER });
  });
});

describe('without an active membership', () => {
  it('leaves out Connect and Accept but keeps Decline', async () => {
    stubApi(
      {
        [`GET ${socialGraph.myAccess.path}`]: () => ({
          onboarded: true,
          membershipActive: false,
          canConnect: false,
        }),
      },
      { signedIn: ME },
    );
    const { unmount } = renderActions('pending_received', REQUEST);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: "Accept Bruno Reis's request" })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: "Decline Bruno Reis's request" })).toBeTruthy();
    unmount();
    renderActions('none', null);
    expect(screen.queryByRole('button', { name: 'Connect with Bruno Reis' })).toBeNull();
  });
});
