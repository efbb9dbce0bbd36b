import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SearchLimits, SearchTexts, type SearchFilters } from '@mer/contracts';
import { useNavigate } from '@mer/router';
import { Badge, CloseIcon, SearchIcon, cx, useDeviceProfile, useModalDialog } from '@mer/design-system';
import {
  useClearHistory,
  usePopularSearches,
  useRecentSearches,
  useRecordSearch,
  useSavedSearches,
  useSearchResults,
  useSuggestions,
  type SearchResult,
  type Suggestion,
} from '../api/search.ts';
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts';
import { TYPE_LABEL } from '../domain/filters.ts';
import { FiltersPopover } from './FiltersPopover.tsx';
import { SaveSearchPrompt } from './SaveSearchPrompt.tsx';

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
}

/** One row of the listbox the arrows move through: a suggestion or a result. */
type Option = { kind: 'suggestion'; suggestion: Suggestion } | { kind: 'result'; result: SearchResult };

/** A row's identity across re-renders (suggestions have no id: their text and what they search for). */
function optionKey(option: Option): string {
  if (option.kind === 'result') return `r:${option.result.id}`;
  const { kind, text, query, type, nearMe } = option.suggestion;
  return `s:${kind}:${text}:${query}:${type ?? ''}:${nearMe ? 'near' : ''}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The global search dialog (spec 001 section 2): a combobox over suggestions and results, the AI search toggle,
 * the filters popover, recent, saved and popular searches, and the 'Save Search' prompt. A native <dialog>:
 * the browser traps focus and Escape closes it; on phones it fills the screen.
 */
export default function SearchDialog({ open, onClose }: SearchDialogProps) {
  const ref = useModalDialog(open);
  const inputRef = useRef<HTMLInputElement>(null);
  // After showModal (the effect above), which would focus the first button: typing starts in the query box.
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  const navigate = useNavigate();
  const { isMobile } = useDeviceProfile();
  const ids = { title: useId(), listbox: useId(), option: useId() };

  const [query, setQuery] = useState('');
  const [ai, setAi] = useState(false);
  const [filters, setFilters] = useState<SearchFilters>({});
  const [nearMe, setNearMe] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  // The highlighted option by key, not index: the list re-renders as suggestions and results settle at their own
  // debounces, and an index would then point at another row (or be reset), losing the member's place.
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const trimmed = query.trim();
  const searchedQuery = useDebouncedValue(trimmed, SearchLimits.resultsDebounceMs);
  const suggestedQuery = useDebouncedValue(trimmed, SearchLimits.suggestionsDebounceMs);
  const request = useMemo(
    () => ({ q: searchedQuery, ai, filters, nearMe }),
    [searchedQuery, ai, filters, nearMe],
  );
  const results = useSearchResults(request);
  const suggestions = useSuggestions(suggestedQuery);
  const recent = useRecentSearches();
  const saved = useSavedSearches();
  const popular = usePopularSearches();
  const clearHistory = useClearHistory();
  const recordSearch = useRecordSearch();

  // Data for this very query (a background refetch keeps showing it: clearing would lose the highlighted row).
  const settled = trimmed !== '' && searchedQuery === trimmed && results.isSuccess;
  const resultList = useMemo(() => (settled ? results.data : []), [settled, results.data]);
  const options: Option[] = useMemo(
    () =>
      trimmed === ''
        ? []
        : [
            ...(suggestedQuery === trimmed ? (suggestions.data ?? []) : []).map((suggestion): Option => ({
              kind: 'suggestion',
              suggestion,
            })),
            ...resultList.map((result): Option => ({ kind: 'result', result })),
          ].filter(
            (option, index, all) => all.findIndex((o) => optionKey(o) === optionKey(option)) === index,
          ),
    [trimmed, suggestedQuery, suggestions.data, resultList],
  );

  // Each settled search goes into the member's history with its result count (the recent searches show it).
  const recorded = useRef('');
  useEffect(() => {
    if (!settled) return;
    const key = JSON.stringify([searchedQuery, filters]);
    if (recorded.current === key) return;
    recorded.current = key;
    recordSearch.mutate({ query: searchedQuery, resultCount: resultList.length, filters });
  }, [settled, searchedQuery, filters, resultList.length, recordSearch]);

  const active = activeKey === null ? -1 : options.findIndex((option) => optionKey(option) === activeKey);
  useEffect(() => setActiveKey(null), [trimmed]);
  const moveTo = (index: number) => setActiveKey(optionKey(options[index]!));

  const runSearch = (q: string, withFilters?: SearchFilters, near = false) => {
    setQuery(q);
    if (withFilters) setFilters(withFilters);
    setNearMe(near);
  };

  const choose = (option: Option) => {
    if (option.kind === 'result') {
      onClose();
      void navigate(option.result.url);
      return;
    }
    const { suggestion } = option;
    runSearch(
      suggestion.query,
      suggestion.type ? { ...filters, types: [suggestion.type] } : filters,
      suggestion.nearMe,
    );
  };

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && options.length) {
      e.preventDefault();
      moveTo((active + 1) % options.length);
    } else if (e.key === 'ArrowUp' && options.length) {
      e.preventDefault();
      moveTo(active <= 0 ? options.length - 1 : active - 1);
    } else if (e.key === 'Enter' && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]);
    }
  };

  const close = () => {
    setFiltersOpen(false);
    setSaving(false);
    onClose();
  };

  const status = (() => {
    if (trimmed === '') return '';
    if (!settled) return 'Searching…';
    if (resultList.length === 0) return SearchTexts.noResults(searchedQuery);
    return resultList.length === 1 ? '1 result' : `${resultList.length} results`;
  })();

  return (
    <dialog
      ref={ref}
      aria-labelledby={ids.title}
      onCancel={(e) => {
        e.preventDefault();
        // Escape closes the filters popover first, then the dialog.
        if (filtersOpen) setFiltersOpen(false);
        else close();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
      className={cx(
        'bg-white p-0 text-ink-900 shadow-lift open:animate-fade-in',
        isMobile
          ? 'm-0 h-dvh max-h-none w-screen max-w-none rounded-none'
          : 'mx-auto mt-[10vh] w-[min(92vw,40rem)] rounded-[var(--radius-card)]',
      )}
      data-layout={isMobile ? 'sheet' : 'dialog'}
    >
      <div className="flex h-full flex-col p-4 sm:p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 id={ids.title} className="text-lg font-semibold">
            Search
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close"
            className="grid size-9 place-items-center rounded-full text-ink-500 hover:bg-sand-100"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>

        <div className="mt-3 flex items-center gap-2 rounded-full border border-sand-300 px-3 focus-within:outline-2 focus-within:outline-sage-600">
          <SearchIcon className="size-5 text-ink-500" />
          <input
            type="search"
            role="combobox"
            aria-label="Search circles, events, people and posts"
            aria-expanded={options.length > 0}
            aria-controls={ids.listbox}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? `${ids.option}-${active}` : undefined}
            ref={inputRef}
            value={query}
            maxLength={SearchLimits.queryMaxLength}
            placeholder="Search circles, events, people and posts"
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={onInputKeyDown}
            className="min-w-0 flex-1 bg-transparent py-2.5 outline-none"
          />
        </div>

        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button
            type="button"
            role="switch"
            aria-checked={ai}
            onClick={() => setAi((on) => !on)}
            className={cx(
              'rounded-full border px-3 py-1.5 text-sm font-medium',
              ai
                ? 'border-sage-600 bg-sage-600 text-white'
                : 'border-sand-300 text-ink-700 hover:bg-sand-100',
            )}
          >
            AI search
          </button>
          <FiltersPopover
            filters={filters}
            onChange={setFilters}
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
          />
          {nearMe ? <Badge tone="sand">In my area</Badge> : null}
          {trimmed ? (
            <button
              type="button"
              onClick={() => setSaving(true)}
              className="ml-auto rounded-full px-3 py-1.5 text-sm font-medium text-sage-700 hover:bg-sand-100"
            >
              Save Search
            </button>
          ) : null}
        </div>
        {saving ? (
          <SaveSearchPrompt query={trimmed} filters={filters} onDone={() => setSaving(false)} />
        ) : null}

        <p role="status" aria-live="polite" className="mt-3 text-sm text-ink-600">
          {status}
        </p>

        <div className="mt-1 min-h-0 flex-1 overflow-y-auto">
          <ul id={ids.listbox} role="listbox" aria-label="Suggestions and results" className="space-y-1">
            {options.map((option, index) => (
              <li
                key={optionKey(option)}
                id={`${ids.option}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                className={cx(
                  'cursor-pointer rounded-lg px-3 py-2',
                  index === active ? 'bg-sand-100' : 'hover:bg-sand-50',
                )}
              >
                {option.kind === 'suggestion' ? (
                  <span className="flex items-center gap-2 text-sm text-ink-700">
                    <SearchIcon className="size-4 text-ink-400" />
                    {option.suggestion.text}
                  </span>
                ) : (
                  <ResultRow result={option.result} />
                )}
              </li>
            ))}
          </ul>

          {trimmed === '' ? (
            <div className="space-y-4">
              <StartSection
                title="Recent searches"
                action={
                  recent.data?.length ? (
                    <button
                      type="button"
                      onClick={() => clearHistory.mutate()}
                      className="text-sm font-medium text-sage-700 hover:underline"
                    >
                      Clear
                    </button>
                  ) : null
                }
              >
                {recent.data?.map((entry) => (
                  <QueryButton key={entry.id} onClick={() => runSearch(entry.query, entry.filters)}>
                    {entry.query}
                    <span className="text-ink-500">
                      {entry.resultCount === 1 ? '1 result' : `${entry.resultCount} results`}
                    </span>
                  </QueryButton>
                ))}
              </StartSection>
              <StartSection title="Saved searches">
                {saved.data?.map((search) => (
                  <QueryButton key={search.id} onClick={() => runSearch(search.query, search.filters)}>
                    {search.name}
                    <span className="text-ink-500">{search.query}</span>
                  </QueryButton>
                ))}
              </StartSection>
              <StartSection title="Popular searches">
                {popular.data?.map((search) => (
                  <QueryButton key={search.query} onClick={() => runSearch(search.query)}>
                    {search.query}
                  </QueryButton>
                ))}
              </StartSection>
            </div>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}

function ResultRow({ result }: { result: SearchResult }) {
  const date = result.date ?? result.createdAt;
  return (
    <span className="flex gap-3">
      {result.imageUrl ? (
        <img
          src={result.imageUrl}
          alt=""
          className="size-12 shrink-0 rounded-lg object-cover"
          loading="lazy"
        />
      ) : (
        <span aria-hidden="true" className="size-12 shrink-0 rounded-lg bg-sand-100" />
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate font-semibold text-ink-900">{result.title}</span>
          <Badge tone="sage">{TYPE_LABEL[result.type]}</Badge>
        </span>
        {result.description ? (
          <span className="line-clamp-2 block text-sm text-ink-600">{result.description}</span>
        ) : null}
        <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-ink-500">
          {result.location ? <span>{result.location}</span> : null}
          <time dateTime={date}>{dateFormat.format(new Date(date))}</time>
          <span>Relevance {result.relevanceScore}</span>
        </span>
      </span>
    </span>
  );
}

function StartSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const items = Array.isArray(children) ? children : children ? [children] : [];
  if (items.length === 0 && !action) return null;
  return (
    <section aria-label={title}>
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold text-ink-800">{title}</h3>
        {action}
      </div>
      <ul className="mt-1">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function QueryButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-sand-50"
    >
      {children}
    </button>
  );
}
