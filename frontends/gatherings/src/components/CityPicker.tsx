import { useEffect, useRef, useState } from 'react';
import type { City } from '@mer/contracts';
import { Combobox } from '@mer/design-system';
import { searchCities } from '../api/events.ts';

/** As on the profile: cities are searched from 2 typed characters, 300 ms after typing stops. */
const CITY_SEARCH_DEBOUNCE_MS = 300;
const CITY_SEARCH_MIN_CHARS = 2;

type Search =
  { status: 'idle' } | { status: 'searching' } | { status: 'done'; cities: City[] } | { status: 'failed' };

/** A city from the offline world list (only a picked city counts: it brings its coordinates and time zone). */
export function CityPicker({
  label = 'City',
  initialText = '',
  onPick,
  error,
  hint = 'Type at least 2 letters, then pick the city from the list.',
}: {
  label?: string;
  initialText?: string;
  onPick: (city: City) => void;
  error?: string;
  hint?: string;
}) {
  const [text, setText] = useState(initialText);
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current || text.trim().length < CITY_SEARCH_MIN_CHARS) {
      setSearch({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ status: 'searching' });
      searchCities(text.trim(), controller.signal).then(
        ({ cities }) => setSearch({ status: 'done', cities }),
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
  return (
    <Combobox
      label={label}
      value={text}
      placeholder="Start typing a city"
      onInputChange={(next) => {
        typed.current = true;
        setText(next);
      }}
      options={cities.map((c) => ({ id: c.id, label: c.label }))}
      loading={search.status === 'searching'}
      emptyText={
        search.status === 'failed'
          ? 'Unable to load cities'
          : search.status === 'done'
            ? `No cities found for “${text.trim()}”`
            : null
      }
      onSelect={(option) => {
        const city = cities.find((c) => c.id === option.id);
        if (!city) return;
        typed.current = false;
        setText(city.label);
        setSearch({ status: 'idle' });
        onPick(city);
      }}
      error={error}
      hint={hint}
    />
  );
}
