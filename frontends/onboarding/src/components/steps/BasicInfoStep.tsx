import { useId, useMemo, useState } from 'react';
import type { Language } from '@mer/contracts';
import { formatNumber } from '@mer/api-client';
import { useCitySearch, useLanguages } from '../../api/profile.ts';
import { Combobox, TextField, cx, fieldInputClassName, type ComboOption } from '@mer/design-system';
import { RemovableChip } from '../Chip.tsx';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import {
  BIO_MAX,
  CITY_SEARCH_MIN_CHARS,
  MAX_LANGUAGES,
  MESSAGES,
  SEARCH_DEBOUNCE_MS,
  addLanguage,
  isFullName,
} from '../../domain/wizard-rules.ts';
import type { StepProps } from './types.ts';

export function BasicInfoStep({
  draft,
  update,
  errors,
  cityQuery,
  setCityQuery,
}: StepProps & {
  cityQuery: string;
  setCityQuery: (text: string) => void;
}) {
  const bioId = useId();
  const [cityBlurred, setCityBlurred] = useState(false);
  const [languageText, setLanguageText] = useState('');

  // Cities: the first 20 with an empty box, then searched from 2 characters, 300 ms after typing stops.
  const typed = cityQuery.trim();
  const debouncedCity = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const cityTerm = debouncedCity.length >= CITY_SEARCH_MIN_CHARS ? debouncedCity : '';
  const cities = useCitySearch(cityTerm, {
    enabled: typed.length === 0 || typed.length >= CITY_SEARCH_MIN_CHARS,
  });
  const cityOptions: ComboOption[] = (cities.data?.cities ?? [])
    .slice(0, cityTerm ? 10 : 20)
    .map((c) => ({ id: c.id, label: c.label }));

  const languages = useLanguages();
  const byId = useMemo(
    () => new Map((languages.data?.languages ?? []).map((l) => [l.id, l] as const)),
    [languages.data],
  );
  const full = draft.languagesSpoken.length >= MAX_LANGUAGES;
  const languageOptions: ComboOption[] = useMemo(() => {
    const text = languageText.trim().toLowerCase();
    const list: Language[] = (languages.data?.languages ?? []).filter(
      (l) => !draft.languagesSpoken.includes(l.id) && (!text || l.name.toLowerCase().includes(text)),
    );
    // Popular languages first when nothing is typed; otherwise names starting with the text first.
    list.sort((a, b) =>
      text
        ? Number(!a.name.toLowerCase().startsWith(text)) - Number(!b.name.toLowerCase().startsWith(text))
        : Number(b.isPopular) - Number(a.isPopular),
    );
    return list.slice(0, 30).map((l) => ({ id: l.id, label: l.name }));
  }, [languages.data, languageText, draft.languagesSpoken]);

  const pickedCityMissing = Boolean(typed) && !draft.cityId && cityBlurred;
  const cityError = errors.location ?? (pickedCityMissing ? MESSAGES.pickCity : undefined);
  const nameHint = draft.name.trim() && !isFullName(draft.name) ? MESSAGES.fullNameHint : undefined;

  return (
    <div className="space-y-6">
      <TextField
        label="Full name"
        required
        autoComplete="name"
        value={draft.name}
        maxLength={100}
        onChange={(e) => update({ name: e.target.value })}
        error={errors.name}
        hint={nameHint}
      />

      <Combobox
        label="City"
        required
        value={cityQuery}
        placeholder="Start typing your city"
        onInputChange={(text) => {
          setCityQuery(text);
          if (draft.cityId) update({ cityId: '', location: '' });
        }}
        // Once a city is picked the box holds its label: nothing to suggest until the member types again.
        options={draft.cityId ? [] : cityOptions}
        loading={!draft.cityId && cities.isFetching}
        emptyText={cityTerm && !draft.cityId ? `No cities found for "${cityTerm}"` : null}
        onSelect={(option) => {
          setCityQuery(option.label);
          update({ cityId: option.id, location: option.label });
        }}
        onBlur={() => setCityBlurred(true)}
        error={cityError}
        hint={cities.isError ? 'Unable to load cities' : 'Choose your city from the list'}
      />

      <div className="space-y-2">
        <Combobox
          label="Languages spoken"
          required
          value={languageText}
          placeholder={full ? 'Maximum 4 languages selected' : 'Add a language'}
          disabled={full}
          onInputChange={setLanguageText}
          options={languageOptions}
          loading={languages.isPending}
          emptyText={languages.isError ? 'Unable to load languages' : 'No languages available'}
          onSelect={(option) => {
            update({ languagesSpoken: addLanguage(draft.languagesSpoken, option.id) });
            setLanguageText('');
          }}
          error={errors.languages}
          hint={`Up to ${MAX_LANGUAGES} languages`}
        />
        {draft.languagesSpoken.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Selected languages">
            {draft.languagesSpoken.map((id) => (
              <li key={id}>
                <RemovableChip
                  label={byId.get(id)?.name ?? id}
                  onRemove={() => update({ languagesSpoken: draft.languagesSpoken.filter((l) => l !== id) })}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={bioId} className="text-sm font-semibold text-ink-800">
            Short intro{' '}
            <span aria-hidden="true" className="text-clay-600">
              *
            </span>
          </label>
          <span id={`${bioId}-count`} className="text-xs text-ink-500 tabular-nums" aria-live="polite">
            {formatNumber(draft.bio.length)}/{formatNumber(BIO_MAX)}
          </span>
        </div>
        <textarea
          id={bioId}
          required
          rows={5}
          maxLength={BIO_MAX}
          value={draft.bio}
          placeholder="What brings you here? Which practices light you up?"
          onChange={(e) => update({ bio: e.target.value.slice(0, BIO_MAX) })}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={`${bioId}-count${errors.bio ? ` ${bioId}-error` : ''}`}
          className={cx(
            fieldInputClassName,
            'h-auto min-h-32 resize-y py-3 leading-relaxed',
            errors.bio ? 'border-clay-500' : 'border-sand-300',
          )}
        />
        {errors.bio ? (
          <p id={`${bioId}-error`} aria-live="polite" className="text-sm font-medium text-clay-700">
            {errors.bio}
          </p>
        ) : null}
      </div>
    </div>
  );
}
