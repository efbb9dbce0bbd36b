import { useEffect, useRef, useState } from 'react';
import type { City } from '@mer/contracts';
import { searchCities } from '../api/profile.ts';
import { Combobox } from '@mer/design-system';
import { CITY_SEARCH_DEBOUNCE_MS, shouldSearchCities } from '../domain/profile-form.ts';

type Search =
  { status: 'idle' } | { status: 'searching' } | { status: 'done'; cities: City[] } | { status: 'failed' };

/**
 * The city field: the design system's combobox over the server's city list, searched from 2 typed characters,
 * 300 ms after typing stops. Only a city picked from the list counts (spec 000 section 5).
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
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  // The saved city's label fills the box at first and after a pick: that is not a search.
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current || !shouldSearchCities(text)) {
      setSearch({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ status: 'searching' });
      searchCities(text, controller.signal).then(
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
      label="City"
      value={text}
      placeholder="Start typing your city"
      onInputChange={(next) => {
        typed.current = true;
        onTextChange(next);
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
        setSearch({ status: 'idle' });
        onPick(city);
      }}
      error={error}
      hint="Type at least 2 letters, then pick your city from the list."
    />
  );
}
