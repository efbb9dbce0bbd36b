import { useId, useMemo, useState } from 'react';
import { ApiError, profileApi, type ChartTimeNote } from '@mer/api-client';
import { useQuery, keepPreviousData } from '@mer/server-state';
import {
  Alert,
  Button,
  Card,
  Combobox,
  RefreshIcon,
  SparkleIcon,
  StarIcon,
  cx,
  fieldInputClassName,
  toast,
} from '@mer/design-system';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import {
  BIRTH_LOCATION_MIN_CHARS,
  SEARCH_DEBOUNCE_MS,
  birthDateError,
  birthYears,
  calculationFailure,
  calculationNotice,
  hhmm,
  hourLabel,
  isoDate,
  selectableDays,
  selectableMonths,
  timeLabel,
} from '../../domain/wizard-rules.ts';
import type { StepProps } from './types.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const selectClass = cx(fieldInputClassName, 'border-sand-300 px-2.5');

const CLEARED = {
  birthData: null,
  sunSign: null,
  moonSign: null,
  risingSign: null,
  humanDesignType: null,
  humanDesignStrategy: null,
  humanDesignAuthority: null,
  humanDesignProfile: null,
} as const;

interface FormState {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  location: string;
  cityId: string;
}

const EMPTY_FORM: FormState = {
  year: '',
  month: '',
  day: '',
  hour: '',
  minute: '',
  location: '',
  cityId: '',
};

/** What the last calculation said about the birth moment: a sign-cusp day, a clock change. */
interface ChartNotes {
  cusp: string | null;
  time: ChartTimeNote | null;
}

function formFrom(draft: StepProps['draft']): FormState {
  const b = draft.birthData;
  const [y = '', m = '', d = ''] = b?.birthDate ? b.birthDate.split('-') : [];
  const [h = '', min = ''] = b?.birthTime ? b.birthTime.split(':') : [];
  return {
    year: y,
    month: m ? String(Number(m)) : '',
    day: d ? String(Number(d)) : '',
    hour: h ? String(Number(h)) : '',
    minute: min ? String(Number(min)) : '',
    location: b?.birthLocation ?? '',
    cityId: b?.cityId ?? '',
  };
}

export function CosmicStep({
  draft,
  update,
  errors,
  calculating,
  setCalculating,
}: StepProps & { calculating: boolean; setCalculating: (running: boolean) => void }) {
  const id = useId();
  const [form, setForm] = useState<FormState>(() => formFrom(draft));
  const [showForm, setShowForm] = useState(!draft.sunSign);
  // Shown inline as well as in a toast (phones render no toast area).
  const [failure, setFailure] = useState<{ title: string; description: string } | null>(null);
  const [notes, setNotes] = useState<ChartNotes>({ cusp: null, time: null });
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));

  const years = useMemo(() => birthYears(), []);
  const months = selectableMonths(form.year ? Number(form.year) : null);
  const days = selectableDays(form.year ? Number(form.year) : null, form.month ? Number(form.month) : null);
  const date =
    form.year && form.month && form.day
      ? isoDate(Number(form.year), Number(form.month), Number(form.day))
      : '';
  const dateProblem = date ? birthDateError(date) : null;
  const ready = Boolean(date && !dateProblem && form.hour !== '' && form.minute !== '' && form.cityId);

  const typed = form.cityId ? '' : form.location.trim();
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const searching = term.length >= BIRTH_LOCATION_MIN_CHARS;
  const places = useQuery({
    queryKey: ['cities', term],
    queryFn: ({ signal }) => profileApi.searchCities(term, signal),
    enabled: searching,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });

  async function calculate() {
    if (!ready || calculating) return;
    setCalculating(true);
    setFailure(null);
    const birthTime = hhmm(Number(form.hour), Number(form.minute));
    try {
      const chart = await profileApi.calculateCharts({ birthDate: date, birthTime, cityId: form.cityId });
      update({
        birthData: {
          birthDate: date,
          birthTime,
          birthLocation: form.location,
          cityId: form.cityId,
          latitude: null,
          longitude: null,
        },
        sunSign: chart.sunSign,
        moonSign: chart.moonSign,
        risingSign: chart.risingSign,
        humanDesignType: chart.humanDesign?.type ?? null,
        humanDesignStrategy: chart.humanDesign?.strategy ?? null,
        humanDesignAuthority: chart.humanDesign?.authority ?? null,
        humanDesignProfile: chart.humanDesign?.profile ?? null,
      });
      setNotes({ cusp: chart.cuspNote ?? null, time: chart.timeNote ?? null });
      setShowForm(false);
      toast(calculationNotice(chart));
    } catch (error) {
      const shown = calculationFailure(error instanceof ApiError ? error : null);
      setFailure(shown);
      toast(shown);
    } finally {
      setCalculating(false);
    }
  }

  const choice = (
    <fieldset className="space-y-3">
      <legend className="text-[0.95rem] leading-relaxed text-ink-700">
        Would you like to add your birth details? We use them for your sun, moon and rising signs and your
        Human Design, and to suggest kindred members. This step is optional.
      </legend>
      <div className="grid grid-cols-2 gap-3">
        {(['yes', 'no'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={draft.cosmicOptIn === value}
            onClick={() => {
              if (value === 'no') {
                // Spec: No clears the birth data and the results, the half-filled form included.
                update({ cosmicOptIn: 'no', ...CLEARED });
                setForm(EMPTY_FORM);
                setNotes({ cusp: null, time: null });
                setFailure(null);
                setShowForm(true);
              } else {
                update({ cosmicOptIn: 'yes' });
                setShowForm(!draft.sunSign);
              }
            }}
            className={cx(
              'min-h-12 rounded-2xl px-4 py-3 text-[0.95rem] font-semibold transition-colors',
              draft.cosmicOptIn === value
                ? 'bg-ink-800 text-white shadow-soft'
                : 'bg-white text-ink-800 ring-1 ring-inset ring-sand-300 hover:bg-sand-100',
            )}
          >
            {value === 'yes' ? 'Yes, add my chart' : 'No, skip for now'}
          </button>
        ))}
      </div>
      {errors.cosmic ? (
        <p role="alert" className="text-sm font-medium text-clay-700">
          {errors.cosmic}
        </p>
      ) : null}
    </fieldset>
  );

  if (draft.cosmicOptIn !== 'yes') {
    return (
      <div className="space-y-6">
        {choice}
        {draft.cosmicOptIn === 'no' ? (
          <Card tone="sage" className="text-center">
            <SparkleIcon className="mx-auto size-8 text-sage-600" />
            <h3 className="mt-3 text-xl font-semibold">No worries</h3>
            <p className="mt-2 text-[0.95rem] leading-relaxed text-ink-600">
              You can add your cosmic information at any time. It can be changed later in your profile
              settings.
            </p>
          </Card>
        ) : null}
      </div>
    );
  }

  if (!showForm && draft.sunSign) {
    const signs = [
      ['Sun', draft.sunSign],
      ['Moon', draft.moonSign],
      ['Rising', draft.risingSign],
    ] as const;
    const design = [
      ['Type', draft.humanDesignType],
      ['Strategy', draft.humanDesignStrategy],
      ['Authority', draft.humanDesignAuthority],
      ['Profile', draft.humanDesignProfile],
    ] as const;
    return (
      <div className="space-y-6">
        {choice}
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
        {notes.cusp ? (
          <p
            role="note"
            className="rounded-2xl bg-sand-100 p-3 text-sm leading-relaxed text-ink-700 ring-1 ring-sand-300"
          >
            {notes.cusp}
          </p>
        ) : null}
        {draft.humanDesignType ? (
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
        {draft.birthData ? (
          <p className="text-sm text-ink-500">
            Born {draft.birthData.birthDate}
            {draft.birthData.birthTime ? ` at ${timeLabel(draft.birthData.birthTime)}` : ''} in{' '}
            {draft.birthData.birthLocation}
          </p>
        ) : null}
        {notes.time ? (
          <Alert tone="warning" title="Please check your birth time">
            {notes.time.message}
          </Alert>
        ) : null}
        <Button
          variant="secondary"
          icon={<RefreshIcon className="size-4" />}
          onClick={() => setShowForm(true)}
        >
          Re-calculate
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {choice}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink-800">Date of birth</legend>
        <div className="grid grid-cols-[1fr_1.35fr_1.35fr] gap-2">
          <select
            aria-label="Day"
            className={selectClass}
            value={form.day}
            onChange={(e) => set({ day: e.target.value })}
          >
            <option value="">Day</option>
            {Array.from({ length: days }, (_, i) => i + 1).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <select
            aria-label="Month"
            className={selectClass}
            value={form.month}
            onChange={(e) => set({ month: e.target.value })}
          >
            <option value="">Month</option>
            {MONTHS.slice(0, months).map((m, i) => (
              <option key={m} value={i + 1}>
                {m}
              </option>
            ))}
          </select>
          <select
            aria-label="Year"
            className={selectClass}
            value={form.year}
            onChange={(e) => set({ year: e.target.value })}
          >
            <option value="">Year</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {dateProblem ? (
          <p role="alert" className="text-sm font-medium text-clay-700">
            {dateProblem}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink-800">Time of birth</legend>
        <div className="grid grid-cols-2 gap-2">
          <select
            aria-label="Hour"
            className={selectClass}
            value={form.hour}
            onChange={(e) => set({ hour: e.target.value })}
          >
            <option value="">Hour</option>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
          <select
            aria-label="Minute"
            className={selectClass}
            value={form.minute}
            onChange={(e) => set({ minute: e.target.value })}
          >
            <option value="">Minute</option>
            {Array.from({ length: 60 }, (_, m) => (
              <option key={m} value={m}>
                :{String(m).padStart(2, '0')}
              </option>
            ))}
          </select>
        </div>
        <p className="text-xs text-ink-500">As exact as you know it: your rising sign depends on it.</p>
      </fieldset>
      <Combobox
        label="Place of birth"
        value={form.location}
        placeholder="Type at least 3 letters"
        onInputChange={(text) => set({ location: text, cityId: '' })}
        options={searching ? (places.data?.cities ?? []).map((c) => ({ id: c.id, label: c.label })) : []}
        loading={searching && places.isFetching}
        emptyText={searching && places.isSuccess ? 'No locations found for your search' : null}
        onSelect={(option) => set({ location: option.label, cityId: option.id })}
        hint={places.isError ? 'Unable to search locations. Please try again' : undefined}
      />
      {failure ? (
        <Alert tone="error" title={failure.title}>
          {failure.description} You can also choose No above and add your chart later.
        </Alert>
      ) : null}
      <div aria-live="polite">
        {calculating ? (
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
      <Button size="lg" fullWidth onClick={calculate} disabled={!ready || calculating} loading={calculating}>
        Calculate
      </Button>
    </div>
  );
}
