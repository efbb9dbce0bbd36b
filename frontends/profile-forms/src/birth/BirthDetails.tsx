import { useEffect, useId, useState } from 'react';
import { Alert, Combobox, StarIcon, cx, fieldInputClassName, type ComboOption } from '@mer/design-system';

/**
 * The birth-details form and the chart's result cards, shared by the onboarding wizard's Cosmic Info step and
 * Settings → Cosmic info. Presentational: the lists, the date's problem and the place search come as props
 * (the rules are birth-data.ts beside it; the form never calls the API). Feature UI, so it lives
 * here and not in the design system: each remote that uses it bundles its own copy, and the first page never
 * loads it.
 */

const selectClass = cx(fieldInputClassName, 'border-sand-300 px-2.5');

export interface BirthFieldsValue {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  location: string;
  cityId: string;
}

interface Choice {
  value: string;
  label: string;
}

export interface BirthFieldsOptions {
  years: Choice[];
  months: Choice[];
  days: Choice[];
  hours: Choice[];
  minutes: Choice[];
  dateProblem: string | null;
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Choice[];
  onChange: (value: string) => void;
}) {
  return (
    <select
      aria-label={label}
      className={selectClass}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{label}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Date of birth (day, month, year) and time of birth (hour in 12-hour form, minute). */
export function BirthMomentFields({
  value,
  options,
  onChange,
}: {
  value: BirthFieldsValue;
  options: BirthFieldsOptions;
  onChange: (patch: Partial<BirthFieldsValue>) => void;
}) {
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink-800">Date of birth</legend>
        <div className="grid grid-cols-[1fr_1.35fr_1.35fr] gap-2">
          <Select
            label="Day"
            value={value.day}
            options={options.days}
            onChange={(day) => onChange({ day })}
          />
          <Select
            label="Month"
            value={value.month}
            options={options.months}
            onChange={(month) => onChange({ month })}
          />
          <Select
            label="Year"
            value={value.year}
            options={options.years}
            onChange={(year) => onChange({ year })}
          />
        </div>
        {options.dateProblem ? (
          <p role="alert" className="text-sm font-medium text-clay-700">
            {options.dateProblem}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink-800">Time of birth</legend>
        <div className="grid grid-cols-2 gap-2">
          <Select
            label="Hour"
            value={value.hour}
            options={options.hours}
            onChange={(hour) => onChange({ hour })}
          />
          <Select
            label="Minute"
            value={value.minute}
            options={options.minutes}
            onChange={(minute) => onChange({ minute })}
          />
        </div>
        <p className="text-xs text-ink-500">As exact as you know it: your rising sign depends on it.</p>
      </fieldset>
    </>
  );
}

type PlaceSearch =
  | { status: 'idle' }
  | { status: 'searching'; term: string; shown: ComboOption[] }
  | { status: 'done'; term: string; places: ComboOption[] }
  | { status: 'failed' };

/**
 * The birth place: a combobox searched `debounceMs` after typing stops, once `term` (the caller's rule: typed
 * text of 3 characters or more, null otherwise) is set. Only a place picked from the list counts.
 */
export function BirthPlaceField({
  value,
  term,
  debounceMs,
  search,
  onTextChange,
  onPick,
  emptyText,
  failedText,
}: {
  value: string;
  term: string | null;
  debounceMs: number;
  search: (term: string, signal: AbortSignal) => Promise<ComboOption[]>;
  onTextChange: (text: string) => void;
  onPick: (place: ComboOption) => void;
  emptyText: string;
  failedText: string;
}) {
  const [state, setState] = useState<PlaceSearch>({ status: 'idle' });
  useEffect(() => {
    if (!term) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // The previous answer stays listed while the next one loads.
      setState((s) => ({ status: 'searching', term, shown: s.status === 'done' ? s.places : [] }));
      search(term, controller.signal).then(
        (places) => {
          if (!controller.signal.aborted) setState({ status: 'done', term, places });
        },
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `search` is a new function each render; the term says when to search again.
  }, [term, debounceMs]);

  const options = !term
    ? []
    : state.status === 'done'
      ? state.places
      : state.status === 'searching'
        ? state.shown
        : [];
  return (
    <Combobox
      label="Place of birth"
      value={value}
      placeholder="Type at least 3 letters"
      onInputChange={onTextChange}
      options={options}
      loading={Boolean(term) && state.status === 'searching'}
      emptyText={term && state.status === 'done' ? emptyText : null}
      onSelect={onPick}
      hint={term && state.status === 'failed' ? failedText : undefined}
    />
  );
}

/** "Reading the stars…" while a chart is calculated (announced politely). */
export function ChartCalculating({ running }: { running: boolean }) {
  return (
    <div aria-live="polite">
      {running ? (
        <div
          role="status"
          className="flex items-center justify-center gap-3 rounded-2xl bg-ink-50 p-4 text-ink-700"
        >
          <span aria-hidden="true" className="relative grid size-10 place-items-center">
            <span className="absolute inset-0 animate-ping rounded-full bg-ink-200" />
            <StarIcon className="relative size-6 animate-spin text-ink-600 [animation-duration:3s]" />
          </span>
          Reading the stars…
        </div>
      ) : null}
    </div>
  );
}

export interface ChartCardsData {
  sunSign: string | null;
  moonSign: string | null;
  risingSign: string | null;
  humanDesign: {
    type: string | null;
    strategy: string | null;
    authority: string | null;
    profile: string | null;
  } | null;
}

/**
 * The result cards: Sun, Moon and Rising, the sign-cusp note, Human Design (type, strategy, authority, profile)
 * when it was calculated, the birth line, and the clock-change note.
 */
export function ChartResultCards({
  chart,
  cuspNote,
  timeNote,
  boundaryNotes,
  born,
}: {
  chart: ChartCardsData;
  cuspNote?: string | null;
  timeNote?: string | null;
  boundaryNotes?: string[] | undefined;
  born?: string | null;
}) {
  const id = useId();
  const signs = [
    ['Sun', chart.sunSign],
    ['Moon', chart.moonSign],
    ['Rising', chart.risingSign],
  ] as const;
  const hd = chart.humanDesign;
  const design = hd
    ? ([
        ['Type', hd.type],
        ['Strategy', hd.strategy],
        ['Authority', hd.authority],
        ['Profile', hd.profile],
      ] as const)
    : [];
  return (
    <div className="space-y-6" data-testid="chart-results">
      <section aria-labelledby={`${id}-signs`} className="space-y-3">
        <h3 id={`${id}-signs`} className="text-sm font-semibold text-ink-800">
          Your signs
        </h3>
        <ul className="grid grid-cols-3 gap-3">
          {signs.map(([label, value]) => (
            <li key={label} className="rounded-2xl bg-ink-800 px-3 py-4 text-center text-white shadow-soft">
              <StarIcon className="mx-auto size-5 text-gold-100" />
              <p className="mt-2 text-xs tracking-[0.12em] text-ink-100 uppercase">{label}</p>
              <p className="mt-1 font-display text-lg">{value ?? '—'}</p>
            </li>
          ))}
        </ul>
      </section>
      {cuspNote ? (
        <p
          role="note"
          className="rounded-2xl bg-sand-100 p-3 text-sm leading-relaxed text-ink-700 ring-1 ring-sand-300"
        >
          {cuspNote}
        </p>
      ) : null}
      {hd ? (
        <section aria-labelledby={`${id}-hd`} className="space-y-3">
          <h3 id={`${id}-hd`} className="text-sm font-semibold text-ink-800">
            Human Design
          </h3>
          <dl className="grid grid-cols-2 gap-3">
            {design.map(([label, value]) => (
              <div key={label} className="rounded-2xl bg-sage-50 p-3 ring-1 ring-sage-100">
                <dt className="text-xs font-semibold tracking-[0.1em] text-sage-700 uppercase">{label}</dt>
                <dd className="mt-1 text-[0.95rem] font-medium text-ink-900">{value ?? '—'}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {boundaryNotes?.length ? (
        <section
          role="note"
          aria-labelledby={`${id}-boundaries`}
          className="rounded-2xl bg-sand-100 p-3 text-sm leading-relaxed text-ink-700 ring-1 ring-sand-300"
        >
          <h3 id={`${id}-boundaries`} className="font-semibold text-ink-800">
            If your birth time is approximate
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {boundaryNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {born ? <p className="text-sm text-ink-500">{born}</p> : null}
      {timeNote ? (
        <Alert tone="warning" title="Please check your birth time">
          {timeNote}
        </Alert>
      ) : null}
    </div>
  );
}
