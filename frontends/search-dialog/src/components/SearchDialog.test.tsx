import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@mer/contracts';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi, type ApiAnswers, type ApiRequest } from '../../../component-testing.ts';
import SearchDialog from './SearchDialog.tsx';

const member = { id: 'member-1', username: 'luna_sky', name: 'Luna Sky', email: 'luna@example.com' } as Me;

const meditationCircle = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Morning Meditation Circle',
  type: 'circle',
  description: 'We sit together at sunrise.',
  imageUrl: 'https://img.example/circle.jpg',
  url: '/circles/11111111-1111-4111-8111-111111111111',
  relevanceScore: 8,
  category: 'Meditation',
  location: 'Lisbon',
  date: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const breathEvent = {
  ...meditationCircle,
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Breathwork evening',
  type: 'event',
  url: '/events/22222222-2222-4222-8222-222222222222',
  relevanceScore: 5,
  date: '2026-12-05T18:00:00.000Z',
};

/** The search service as the dialog sees it: `results` answers each search (its query lists what was asked). */
function searchApi(overrides: ApiAnswers = {}) {
  const searches: URLSearchParams[] = [];
  const recorded: unknown[] = [];
  const api = stubApi(
    {
      'GET /api/v1/search/results': ({ url }: ApiRequest) => {
        searches.push(url.searchParams);
        const q = url.searchParams.get('q') ?? '';
        const types = url.searchParams.getAll('types');
        const all = q.startsWith('med') ? [meditationCircle, breathEvent] : [];
        return {
          query: q,
          results: all.filter((r) => types.length === 0 || types.includes(r.type)),
          relatedTerms: [],
        };
      },
      'GET /api/v1/search/suggestions': () => ({ suggestions: [] }),
      'GET /api/v1/search/history': () => ({ entries: [] }),
      'POST /api/v1/search/history': ({ body }: ApiRequest) => {
        recorded.push(body);
        return Response.json(
          { id: crypto.randomUUID(), timestamp: new Date().toISOString(), filters: {}, ...(body as object) },
          { status: 201 },
        );
      },
      'GET /api/v1/search/saved': () => ({ savedSearches: [] }),
      'GET /api/v1/search/popular': () => ({ searches: [] }),
      ...overrides,
    },
    { signedIn: member },
  );
  return { api, searches, recorded };
}

function renderDialog(onClose = vi.fn()) {
  render(
    <BrowserRouter>
      <SearchDialog open onClose={onClose} />
    </BrowserRouter>,
  );
  return { onClose, box: screen.getByRole('combobox', { name: 'Search circles, events, people and posts' }) };
}

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the search dialog', () => {
  it('shows results with image, title, type badge, description, location, date and relevance, once typing pauses for 300 ms', async () => {
    const { searches, recorded } = searchApi();
    const { box } = renderDialog();
    await userEvent.type(box, 'medtation');
    const list = screen.getByRole('listbox', { name: 'Suggestions and results' });
    const option = await within(list).findByRole('option', { name: /Morning Meditation Circle/ });
    // One search for the settled query, not one per keystroke.
    expect(searches.map((s) => s.get('q'))).toEqual(['medtation']);
    expect(within(option).getByText('Circle')).toBeTruthy();
    expect(within(option).getByText('We sit together at sunrise.')).toBeTruthy();
    expect(within(option).getByText('Lisbon')).toBeTruthy();
    expect(within(option).getByText('Relevance 8')).toBeTruthy();
    expect(option.querySelector('img')?.getAttribute('src')).toBe('https://img.example/circle.jpg');
    expect(option.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-01T10:00:00.000Z');
    expect(within(list).getByRole('option', { name: /Breathwork evening/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 results');
    await waitFor(() => expect(recorded).toEqual([{ query: 'medtation', resultCount: 2, filters: {} }]));
  });

  it('says \'No results found for "{query}"\'', async () => {
    searchApi();
    const { box } = renderDialog();
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No results found for "zzz"')).toBeTruthy();
  });

  it('shows empty results when the search fails', async () => {
    searchApi({ 'GET /api/v1/search/results': () => new Response('{}', { status: 500 }) });
    const { box } = renderDialog();
    await userEvent.type(box, 'meditation');
    expect(await screen.findByText('No results found for "meditation"')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('keeps the highlighted row when suggestions arrive after the results and the list re-renders', async () => {
    let answerSuggestions = () => {};
    const suggestionsAnswered = new Promise<void>((resolve) => (answerSuggestions = resolve));
    searchApi({
      'GET /api/v1/search/suggestions': async () => {
        await suggestionsAnswered;
        return {
          suggestions: [
            { text: 'med events', query: 'med', kind: 'template', type: 'event', nearMe: false },
            { text: 'med circles', query: 'med', kind: 'template', type: 'circle', nearMe: false },
          ],
        };
      },
    });
    const { box } = renderDialog();
    await userEvent.type(box, 'med');
    await screen.findByRole('option', { name: /Breathwork evening/ });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Breathwork evening/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    answerSuggestions();
    await screen.findByRole('option', { name: 'med events' });
    const breath = screen.getByRole('option', { name: /Breathwork evening/ });
    expect(breath.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(breath.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(
      screen.getByRole('option', { name: /Morning Meditation Circle/ }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('opens a result with the arrows and Enter, and a click opens it too', async () => {
    searchApi();
    const { box, onClose } = renderDialog();
    await userEvent.type(box, 'med');
    await screen.findByRole('option', { name: /Breathwork evening/ });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /Breathwork evening/ });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(
      screen.getByRole('option', { name: /Morning Meditation Circle/ }).getAttribute('aria-selected'),
    ).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(window.location.pathname).toBe('/circles/11111111-1111-4111-8111-111111111111');
    expect(onClose).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('option', { name: /Breathwork evening/ }));
    expect(window.location.pathname).toBe('/events/22222222-2222-4222-8222-222222222222');
  });

  it('is a combobox over a listbox with a live region for screen readers', async () => {
    searchApi();
    const { box } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeTruthy();
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(box, 'med');
    const live = screen.getByRole('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(live.textContent).toBe('2 results'));
    expect(box.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on Escape', async () => {
    searchApi();
    const { onClose } = renderDialog();
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalled();
  });
});
