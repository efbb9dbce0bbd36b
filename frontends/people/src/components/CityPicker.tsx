import type { City } from '@mer/contracts';
import { SearchCombobox } from '@mer/design-system';
import { searchCities } from '../api/profile.ts';
import { CITY_SEARCH_DEBOUNCE_MS, CITY_SEARCH_MIN_CHARS } from '../domain/profile-form.ts';

const search = async (text: string, signal: AbortSignal) => (await searchCities(text, signal)).cities;

/**
 * The city field: the design system's search combobox over the server's city list, searched from 2 typed
 * characters, 300 ms after typing stops. Only a city picked from the list counts (spec 000 section 5).
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
  return (
    <SearchCombobox
      label="City"
      text={text}
      onTextChange={onTextChange}
      search={search}
      onPick={onPick}
      minChars={CITY_SEARCH_MIN_CHARS}
      debounceMs={CITY_SEARCH_DEBOUNCE_MS}
      placeholder="Start typing your city"
      hint="Type at least 2 letters, then pick your city from the list."
      error={error}
      failedText="Unable to load cities"
      noneText={(typed) => `No cities found for “${typed}”`}
    />
  );
}
