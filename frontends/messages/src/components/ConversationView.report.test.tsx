import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@mer/design-system';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import {
  ME,
  BRUNO,
  CID,
  BASE,
  conversationWith,
  message,
  history,
  renderView,
  resetBetweenTests,
} from './conversation-testing.tsx';

const conversation = conversationWith();

resetBetweenTests();

describe('reporting a message', () => {
  it("offers Report on the other member's messages only, and sends the chosen reason for that message", async () => {
    const reports: Array<{ url: string; body: unknown }> = [];
    const theirs = message(4, { senderId: BRUNO, body: 'Send me your bank details' });
    stubApi(
      {
        [`GET ${BASE}`]: () => ({ ...conversation, lastSequence: 4 }),
        [`GET ${BASE}/messages`]: () => ({ messages: [...history(), theirs], hasMore: false }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 4, unreadTotal: 0 }),
        [`POST /api/v1/messaging/messages/${theirs.id}/report`]: ({ url, body }: ApiRequest) => {
          reports.push({ url: String(url), body });
          return Response.json(
            { reportId: '00000000-0000-4000-8000-0000000000a1', alreadyReported: false },
            { status: 201 },
          );
        },
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    await within(log).findByText('Send me your bank details');
    // Mine and the deleted one cannot be reported: one Report button, on Bruno's message.
    const buttons = within(log).getAllByRole('button', { name: /^Report the message/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Report the message: Send me your bank details');

    await userEvent.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harmful or dangerous' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'asks for money');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitForNoDialog();
    expect(reports).toEqual([
      {
        url: expect.stringContaining(`/api/v1/messaging/messages/${theirs.id}/report`),
        body: { reason: 'Harmful or dangerous: asks for money' },
      },
    ]);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Thank you for your report');
  });
});

async function waitForNoDialog() {
  await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this message' })).toBeNull());
}
