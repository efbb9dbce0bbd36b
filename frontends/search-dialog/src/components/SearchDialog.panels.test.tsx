import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@mer/contracts';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi, type ApiAnswers, type ApiRequest } from '../../../component-testing.ts';
import SearchDialog from './SearchDialog.tsx';

const member = { id: 'member-1', username: 'luna_sky', name: 'Luna Sky', email: 'luna@example.com' } as Me;
const at = '2026-11-20T10:00:00.000Z';

function entry(i: number) {
  return {
    id: `00000000-0000-4000-8000-00000000000${i}`,
    query: `query ${i}`,
    timestamp: at,
    resultCount: i,
    filters: {},
  };
}
function saved(i: number) {
  return {
    id: `10000000-0000-4000-8000-00000000000${i}`,
    name: `Saved ${i}`,
    query: `saved query ${i}`,
    filters: {},
    createdAt: at,
    notificationsEnabled: false,
  };
}

function searchApi(overrides: ApiAnswers = {}) {
  const searches: URLSearchParams[] = [];
  const suggestionQueries: string[] = [];
  const history = Array.from({ length: 7 }, (_, i) => entry(i + 1));
  const savedSearches = Array.from({ length: 4 }, (_, i) => saved(i + 1));
  const posted: unknown[] = [];
  const api = stubApi(
    {
      'GET /api/v1/search/results': ({ url }: ApiRequest) => {
        searches.push(url.searchParams);
        return { query: url.searchParams.get('q'), results: [], relatedTerms: [] };
      },
      'GET /api/v1/search/suggestions': ({ url }: ApiRequest) => {
        const q = url.searchParams.get('q') ?? '';
        suggestionQueries.push(q);
        return {
          suggestions: [
            ...Array.from({ length: 6 }, (_, i) => ({
              text: `${q} title ${i}`,
              query: `${q} title ${i}`,
              kind: 'title',
              type: null,
              nearMe: false,
            })),
            { text: `${q} events`, query: q, kind: 'template', type: 'event', nearMe: false },
            { text: `${q} circles`, query: q, kind: 'template', type: 'circle', nearMe: false },
            { text: `${q} people`, query: q, kind: 'template', type: 'person', nearMe: false },
          ],
        };
      },
      'GET /api/v1/search/history': () => ({ entries: history }),
      'POST /api/v1/search/history': ({ body }: ApiRequest) =>
        Response.json({ ...entry(9), ...(body as object) }, { status: 201 }),
      'DELETE /api/v1/search/history': () => {
        history.length = 0;
        return new Response(null, { status: 204 });
      },
      'GET /api/v1/search/saved': () => ({ savedSearches }),
      'POST /api/v1/search/saved': ({ body }: ApiRequest) => {
        posted.push(body);
        const created = { ...saved(9), ...(body as object) };
        savedSearches.unshift(created);
        return Response.json(created, { status: 201 });
      },
      'GET /api/v1/search/popular': () => ({
        searches: Array.from({ length: 6 }, (_, i) => ({ query: `popular ${i + 1}`, count: 10 - i })),
      }),
      ...overrides,
    },
    { signedIn: member },
  );
  return { api, searches, suggestionQueries, posted };
}

function renderDialog() {
  render(
    <BrowserRouter>
      <SearchDialog open onClose={vi.fn()} />
    </BrowserRouter>,
  );
  return screen.getByRole('combobox', { name: 'Search circles, events, people and posts' });
}

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
});

describe('the search dialog before a query', () => {
  it('lists 5 recent searches with their result counts and clears them', async () => {
    searchApi();
    renderDialog();
    const recent = await screen.findByRole('region', { name: 'Recent searches' });
    const rows = await within(recent).findAllByRole('button', { name: /^query \d/ });
    expect(rows).toHaveLength(5);
    expect(rows[2]?.textContent).toBe('query 33 results');
    expect(within(recent).getByText('1 result')).toBeTruthy();
    await userEvent.click(within(recent).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull());
  });

  it('lists 3 saved searches and 5 popular searches, and choosing one searches for it', async () => {
    const { searches } = searchApi();
    const box = renderDialog();
    const savedList = await screen.findByRole('region', { name: 'Saved searches' });
    expect(await within(savedList).findAllByRole('button')).toHaveLength(3);
    const popular = await screen.findByRole('region', { name: 'Popular searches' });
    expect(within(popular).getAllByRole('button')).toHaveLength(5);
    await userEvent.click(within(popular).getByRole('button', { name: 'popular 2' }));
    expect((box as HTMLInputElement).value).toBe('popular 2');
    await waitFor(() => expect(searches.map((s) => s.get('q'))).toEqual(['popular 2']));
  });
});

describe('the search dialog while typing', () => {
  it('suggests at most 8 after 200 ms, and a template suggestion sets the type filter', async () => {
    const { suggestionQueries, searches } = searchApi();
    const box = renderDialog();
    await userEvent.type(box, 'yoga');
    const options = await screen.findAllByRole('option', { name: /yoga/ });
    expect(options).toHaveLength(8);
    expect(suggestionQueries).toEqual(['yoga']);
    await userEvent.click(screen.getByRole('option', { name: 'yoga events' }));
    await waitFor(() => expect(searches.some((s) => s.getAll('types').join() === 'event')).toBe(true));
    expect(screen.getByRole('button', { name: /Filters/ }).textContent).toContain('1 active');
  });

  it('searches with AI when the toggle is on', async () => {
    const { searches } = searchApi();
    const box = renderDialog();
    const toggle = screen.getByRole('switch', { name: 'AI search' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.type(box, 'calm my anxious mind');
    await waitFor(() => expect(searches.at(-1)?.get('ai')).toBe('true'));
  });

  it('filters by type, counts the chosen filters on the badge and clears them all', async () => {
    const { searches } = searchApi();
    const box = renderDialog();
    await userEvent.type(box, 'moon');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const popover = screen.getByRole('group', { name: 'Search filters' });
    await userEvent.click(within(popover).getByRole('checkbox', { name: 'Events' }));
    await userEvent.click(within(popover).getByRole('checkbox', { name: 'Circles' }));
    await userEvent.selectOptions(within(popover).getByRole('combobox', { name: 'Sort by' }), 'date');
    expect(screen.getByRole('button', { name: /Filters/ }).textContent).toContain('3 active');
    await waitFor(() =>
      expect(
        searches.some((s) => s.getAll('types').join() === 'event,circle' && s.get('sortBy') === 'date'),
      ).toBe(true),
    );
    await userEvent.click(within(popover).getByRole('button', { name: 'Clear all' }));
    expect(screen.getByRole('button', { name: 'Filters' }).textContent).toBe('Filters');
    expect((within(popover).getByRole('checkbox', { name: 'Events' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it("saves a search with a name from the 'Save Search' prompt", async () => {
    const { posted } = searchApi();
    const box = renderDialog();
    await userEvent.type(box, 'breathwork');
    await userEvent.click(screen.getByRole('button', { name: 'Save Search' }));
    const prompt = screen.getByRole('form', { name: 'Save Search' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Save' }));
    expect(within(prompt).getByText('Please enter a name for this search.')).toBeTruthy();
    await userEvent.type(within(prompt).getByLabelText('Name'), 'Breath');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toEqual([{ name: 'Breath', query: 'breathwork', filters: {} }]));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Save Search' })).toBeNull());
  });
});

describe('the search dialog on a phone', () => {
  it('is a full-screen sheet', async () => {
    searchApi();
    renderDialog();
    expect(screen.getByRole('dialog').dataset.layout).toBe('dialog');
    await act(async () => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
      window.dispatchEvent(new Event('resize'));
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const dialog = screen.getByRole('dialog');
    expect(dialog.dataset.layout).toBe('sheet');
    expect(dialog.className).toContain('h-dvh');
    expect(dialog.className).toContain('w-screen');
  });
});
