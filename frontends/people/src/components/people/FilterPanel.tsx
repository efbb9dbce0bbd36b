import { useId, useState, type ReactNode } from 'react';
import { Button, Checkbox, CloseIcon, cx, fieldInputClassName } from '@mer/design-system';
import { useLanguageOptions, usePracticeNames } from '../../api/discovery-options.ts';
import {
  EMPTY_FILTERS,
  HD_TYPES,
  RADIUS_CHOICES_KM,
  SUN_SIGNS,
  activeChips,
  hasCity,
  type PeopleFilters,
} from '../../domain/people-filters.ts';
import { CityPicker } from '../CityPicker.tsx';

function Select({
  label,
  value,
  options,
  anyLabel,
  onChange,
  hint,
}: {
  label: string;
  value: string | null;
  options: ReadonlyArray<string | { value: string; label: string }>;
  anyLabel: string;
  onChange: (value: string | null) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-800">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        className={cx(fieldInputClassName, 'border-sand-300')}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => {
          const { value: v, label: l } = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function RadiusSelect({
  value,
  disabled,
  onChange,
}: {
  value: number;
  disabled: boolean;
  onChange: (km: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-800">
        Distance
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className={cx(fieldInputClassName, 'border-sand-300')}
        aria-describedby={`${id}-hint`}
      >
        {RADIUS_CHOICES_KM.map((km) => (
          <option key={km} value={km}>
            Within {km} km
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-ink-500">
        Around the city you pick.
      </p>
    </div>
  );
}

/** The active filters as removable chips, and "Clear all". */
export function ActiveFilterChips({
  filters,
  onChange,
}: {
  filters: PeopleFilters;
  onChange: (next: PeopleFilters) => void;
}) {
  const chips = activeChips(filters);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      {chips.map((chip) => (
        <button
          key={chip.id}
          type="button"
          onClick={() => onChange({ ...filters, ...chip.clear })}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-sage-100 px-3.5 text-sm font-medium text-sage-800 ring-1 ring-sage-200 hover:bg-sage-200"
          aria-label={`Remove filter ${chip.label}`}
        >
          {chip.label}
          <CloseIcon className="size-3.5" aria-hidden="true" />
        </button>
      ))}
      <button
        type="button"
        onClick={() => onChange({ ...EMPTY_FILTERS, q: filters.q })}
        className="min-h-9 rounded-full px-3 text-sm font-medium text-ink-600 underline-offset-2 hover:underline"
      >
        Clear all
      </button>
    </div>
  );
}

/** The filter controls, behind a "Filters" disclosure (closed by default so the results come first on a phone). */
export function FilterPanel({
  filters,
  onChange,
}: {
  filters: PeopleFilters;
  onChange: (next: PeopleFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const [cityText, setCityText] = useState(filters.cityLabel ?? '');
  const practices = usePracticeNames(open);
  const languages = useLanguageOptions(open);
  const panelId = useId();
  const count = activeChips(filters).length;
  const set = (patch: Partial<PeopleFilters>) => onChange({ ...filters, ...patch });

  let body: ReactNode = null;
  if (open)
    body = (
      <div
        id={panelId}
        className="mt-3 grid gap-4 rounded-[var(--radius-card)] bg-white p-4 ring-1 ring-sand-200 sm:grid-cols-2 lg:grid-cols-3"
      >
        <Select
          label="Practice"
          value={filters.practice}
          options={practices.data ?? (filters.practice ? [filters.practice] : [])}
          anyLabel="Any practice"
          onChange={(practice) => set({ practice })}
        />
        <div className="sm:col-span-2 lg:col-span-1">
          <CityPicker
            text={cityText}
            onTextChange={(text) => {
              setCityText(text);
              if (!text.trim() && hasCity(filters)) set({ cityLabel: null, latitude: null, longitude: null });
            }}
            onPick={(city) => {
              setCityText(city.label);
              set({ cityLabel: city.label, latitude: city.latitude, longitude: city.longitude });
            }}
          />
        </div>
        <RadiusSelect
          value={filters.radiusKm}
          disabled={!hasCity(filters)}
          onChange={(radiusKm) => set({ radiusKm })}
        />
        <Select
          label="Language"
          value={filters.language}
          options={
            languages.data ??
            (filters.language
              ? [{ value: filters.language, label: filters.languageLabel ?? filters.language }]
              : [])
          }
          anyLabel="Any language"
          onChange={(language) =>
            set({
              language,
              languageLabel: languages.data?.find((l) => l.value === language)?.label ?? language,
            })
          }
        />
        <Select
          label="Human Design type"
          value={filters.hdType}
          options={HD_TYPES}
          anyLabel="Any type"
          onChange={(hdType) => set({ hdType })}
          hint="Only members who share their chart."
        />
        <Select
          label="Sun sign"
          value={filters.sunSign}
          options={SUN_SIGNS}
          anyLabel="Any sign"
          onChange={(sunSign) => set({ sunSign })}
          hint="Only members who share their chart."
        />
        <div className="flex items-end">
          <Checkbox
            checked={filters.newMembers}
            onChange={(e) => set({ newMembers: e.currentTarget.checked })}
            label="New members only"
          />
        </div>
      </div>
    );

  return (
    <div>
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      {body}
    </div>
  );
}
