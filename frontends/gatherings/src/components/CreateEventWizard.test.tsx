import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import { EVENT_ID, ME, anEvent } from '../testing/fixtures.ts';
import { EC, LISBON, accountAnswers } from '../testing/api.ts';
import CreateEventWizard from './CreateEventWizard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

describe('/create-event', () => {
  // Five steps of typing and picking: about 2 s on a quiet machine, more than the default 5 s when the cores are busy.
  it(
    'walks through the steps, previews the times in the place’s time zone and creates the event',
    { timeout: 20_000 },
    async () => {
      let sent: unknown;
      stubApi(
        {
          ...accountAnswers(),
          [`GET ${EC}/circles`]: () => ({ circles: [], nextCursor: null }),
          [`POST ${EC}/events`]: ({ body }) => {
            sent = body;
            return Response.json(anEvent({ approvalStatus: 'pending' }), { status: 201 });
          },
        },
        { signedIn: ME },
      );
      window.history.pushState({}, '', '/create-event');
      render(
        <BrowserRouter>
          <CreateEventWizard />
        </BrowserRouter>,
      );
      const user = userEvent.setup();
      expect(screen.getByText('Step 1 of 4: What')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText('Please give your event a title')).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Full moon meditation');
      await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Sitting together.');
      await user.click(screen.getByRole('button', { name: 'Next' }));

      expect(screen.getByText('Step 2 of 4: Where and when')).toBeTruthy();
      await user.type(screen.getByRole('combobox', { name: 'City' }), 'Lis');
      await user.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }));
      await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Jardim da Estrela');
      await user.type(screen.getByLabelText('Start date'), '2099-03-29');
      expect(screen.getByText('Times are in Europe/Lisbon.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Next' }));

      expect(screen.getByText('Step 3 of 4: Details')).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: 'Capacity' }), '12');
      await user.click(screen.getByRole('button', { name: 'Next' }));

      expect(screen.getByText('Step 4 of 4: Preview')).toBeTruthy();
      const preview = screen.getByRole('region', { name: 'Preview' });
      expect(within(preview).getByText(/Sunday, 29 March 2099, 19:00 WEST \(Europe\/Lisbon\)/)).toBeTruthy();
      expect(within(preview).getByText(/Sunday, 29 March 2099, 21:00 WEST/)).toBeTruthy();
      expect(within(preview).getByText(/In person · Lisbon, Portugal · Jardim da Estrela/)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Create event' }));
      await waitFor(() => expect(window.location.pathname).toBe(`/events/${EVENT_ID}`));
      expect(sent).toEqual({
        title: 'Full moon meditation',
        description: 'Sitting together.',
        category: 'practice',
        type: 'in_person',
        city: {
          id: LISBON.id,
          label: LISBON.label,
          latitude: LISBON.latitude,
          longitude: LISBON.longitude,
          timeZone: 'Europe/Lisbon',
        },
        address: 'Jardim da Estrela',
        localStart: '2099-03-29T19:00',
        localEnd: '2099-03-29T21:00',
        capacity: 12,
      });
    },
  );
});
