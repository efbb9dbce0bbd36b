import { useState } from 'react';
import type { City } from '@mer/contracts';
import { SearchCombobox } from '@mer/design-system';
import { searchCities } from '../api/events.ts';

/** As on the profile: cities are searched from 2 typed characters, 300 ms after typing stops. */
const CITY_SEARCH_DEBOUNCE_MS = 300;
const CITY_SEARCH_MIN_CHARS = 2;

const search = async (text: string, signal: AbortSignal) => (await searchCities(text, signal)).cities;

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
  return (
    <SearchCombobox
      label={label}
      text={text}
      onTextChange={setText}
      search={search}
      onPick={(city) => {
        setText(city.label);
        onPick(city);
      }}
      minChars={CITY_SEARCH_MIN_CHARS}
      debounceMs={CITY_SEARCH_DEBOUNCE_MS}
      placeholder="Start typing a city"
      hint={hint}
      error={error}
      failedText="Unable to load cities"
      noneText={(typed) => `No cities found for “${typed}”`}
    />
  );
}
