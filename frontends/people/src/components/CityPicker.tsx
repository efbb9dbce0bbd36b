import { useEffect, useId, useRef, useState } from 'react';
import { peopleApi, type City } from '@mer/api-client';
import { Spinner, cx, fieldInputClassName } from '@mer/design-system';
import { CITY_SEARCH_DEBOUNCE_MS, shouldSearchCities } from '../domain/profile-form.ts';

type Search =
  { status: 'idle' } | { status: 'searching' } | { status: 'done'; cities: City[] } | { status: 'failed' };

/**
 * The city field: a combobox that searches the server's city list from 2 typed characters, 300 ms after
 * typing stops. Only a city picked from the list counts (spec 000 section 5).
 */
export function CityPicker({
  text,
  onTextChange,
  onPick,
  error,
}: {
  text: string;
  onTextChange: (text: string) => void;
  onPick: (city: City) => void;
  error?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current || !shouldSearchCities(text)) {
      setSearch({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ status: 'searching' });
      peopleApi.searchCities(text, controller.signal).then(
        (cities) => {
          setSearch({ status: 'done', cities });
          setActive(0);
        },
        () => {
          if (!controller.signal.aborted) setSearch({ status: 'failed' });
        },
      );
    }, CITY_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const cities = search.status === 'done' ? search.cities : [];
  const showList = open && search.status !== 'idle';

  function pick(city: City) {
    typed.current = false;
    onPick(city);
    setOpen(false);
    setSearch({ status: 'idle' });
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        City
      </label>
      <div className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          autoComplete="off"
          placeholder="Start typing your city"
          value={text}
          onChange={(e) => {
            typed.current = true;
            setOpen(true);
            onTextChange(e.target.value);
          }}
          onBlur={(e) => {
            // Let a click on an option land before the list closes; a member who came straight back keeps it open.
            const input = e.currentTarget;
            setTimeout(() => {
              if (document.activeElement !== input) setOpen(false);
            }, 150);
          }}
          onKeyDown={(e) => {
            if (!showList || cities.length === 0) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((i) => (i + 1) % cities.length);
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((i) => (i - 1 + cities.length) % cities.length);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              pick(cities[active]!);
            } else if (e.key === 'Escape') setOpen(false);
          }}
          className={cx(fieldInputClassName, error ? 'border-clay-500' : 'border-sand-300')}
        />
        {search.status === 'searching' ? (
          <span className="absolute inset-y-0 right-3 flex items-center">
            <Spinner size="sm" />
          </span>
        ) : null}
        {showList ? (
          <ul
            id={`${id}-list`}
            role="listbox"
            aria-label="Cities"
            className="absolute z-20 mt-2 max-h-72 w-full overflow-auto rounded-2xl bg-white p-1.5 shadow-lift ring-1 ring-sand-200"
          >
            {search.status === 'searching' ? (
              <li className="px-3 py-2 text-sm text-ink-500">Searching…</li>
            ) : null}
            {search.status === 'failed' ? (
              <li className="px-3 py-2 text-sm text-clay-700">Unable to load cities</li>
            ) : null}
            {search.status === 'done' && cities.length === 0 ? (
              <li className="px-3 py-2 text-sm text-ink-500">No cities found for “{text.trim()}”</li>
            ) : null}
            {cities.map((city, index) => (
              <li
                key={city.id}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(city);
                }}
                onMouseEnter={() => setActive(index)}
                className={cx(
                  'cursor-pointer rounded-xl px-3 py-2 text-sm text-ink-800',
                  index === active && 'bg-sage-50',
                )}
              >
                {city.label}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p
        id={`${id}-message`}
        aria-live="polite"
        className={cx('text-sm', error ? 'font-medium text-clay-700' : 'text-ink-500')}
      >
        {error ?? 'Type at least 2 letters, then pick your city from the list.'}
      </p>
    </div>
  );
}
