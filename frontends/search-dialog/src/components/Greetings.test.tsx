import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@mer/contracts';
import { queryClient } from '@mer/server-state';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import Greetings from './Greetings.tsx';

const member = { id: 'member-1', username: 'luna_sky', name: 'Luna Sky', email: 'luna@example.com' } as Me;

afterEach(() => {
  localStorage.clear();
  queryClient.clear();
});

describe('the greetings page (scaffold)', () => {
  it("lists the member's greetings and adds one", async () => {
    const greetings = [
      { id: 'g1', to: 'Sol', message: 'Hello, Sol!', greetedAt: '2026-01-01T10:00:00.000Z' },
    ];
    stubApi(
      {
        'GET /api/v1/search/greetings': () => ({ greetings }),
        'POST /api/v1/search/greetings': ({ body }: ApiRequest) => {
          const { to } = body as { to: string };
          const greeting = { id: 'g2', to, message: `Hello, ${to}!`, greetedAt: '2026-01-02T10:00:00.000Z' };
          greetings.unshift(greeting);
          return Response.json(greeting, { status: 201 });
        },
      },
      { signedIn: member },
    );
    render(<Greetings />);
    const list = await screen.findByRole('list', { name: 'Your greetings' });
    expect(within(list).getByText('Hello, Sol!')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Who do you greet?', { selector: 'input' }), 'Mira');
    await user.click(screen.getByRole('button', { name: 'Greet' }));
    expect(await within(list).findByText('Hello, Mira!')).toBeTruthy();
  });

  it('asks for a name before greeting', async () => {
    const api = stubApi({ 'GET /api/v1/search/greetings': () => ({ greetings: [] }) }, { signedIn: member });
    render(<Greetings />);
    expect(await screen.findByText('No greetings yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Greet' }));
    expect(screen.getByText('Please enter a name')).toBeTruthy();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
