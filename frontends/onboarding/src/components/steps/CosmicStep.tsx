import { useMemo, useState } from 'react';
import { ApiError } from '@mer/api-client';
import type { ChartCalculation } from '@mer/contracts';
import { searchCities, useCalculateChart } from '../../api/profile.ts';
import { Alert, Button, Card, RefreshIcon, SparkleIcon, cx, toast } from '@mer/design-system';
import {
  BirthMomentFields,
  BirthPlaceField,
  ChartCalculating,
  ChartResultCards,
  EMPTY_BIRTH_FORM,
  LOCATION_SEARCH_FAILED_TEXT,
  NO_LOCATIONS_TEXT,
  SEARCH_DEBOUNCE_MS,
  birthFormFrom,
  birthFormView,
  birthPlaceTerm,
  bornLine,
  calculationFailure,
  calculationNotice,
  type BirthForm,
} from '@mer/profile-forms';
import type { StepProps } from './types.ts';

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

/** What the last calculation said about the birth moment: a sign-cusp day, a clock change. */
interface ChartNotes {
  cusp: string | null;
  time: ChartCalculation['timeNote'];
  boundaries: string[];
}

export function CosmicStep({
  draft,
  update,
  errors,
  calculating,
  setCalculating,
}: StepProps & { calculating: boolean; setCalculating: (running: boolean) => void }) {
  const [form, setForm] = useState<BirthForm>(() => birthFormFrom(draft.birthData));
  const [showForm, setShowForm] = useState(!draft.sunSign);
  // Shown inline as well as in a toast (phones render no toast area).
  const [failure, setFailure] = useState<{ title: string; description: string } | null>(null);
  const [notes, setNotes] = useState<ChartNotes>({ cusp: null, time: null, boundaries: [] });
  const calculateChart = useCalculateChart();
  const set = (patch: Partial<BirthForm>) => setForm((f) => ({ ...f, ...patch }));
  const view = useMemo(() => birthFormView(form), [form]);

  async function calculate() {
    const input = view.input;
    if (!input || calculating) return;
    setCalculating(true);
    setFailure(null);
    try {
      const chart = await calculateChart.mutateAsync(input);
      update({
        birthData: {
          birthDate: input.birthDate,
          birthTime: input.birthTime,
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
      setNotes({
        cusp: chart.cuspNote ?? null,
        time: chart.timeNote ?? null,
        boundaries: chart.boundaryNotes ?? [],
      });
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
                setForm(EMPTY_BIRTH_FORM);
                setNotes({ cusp: null, time: null, boundaries: [] });
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
    return (
      <div className="space-y-6">
        {choice}
        <ChartResultCards
          chart={{
            sunSign: draft.sunSign,
            moonSign: draft.moonSign,
            risingSign: draft.risingSign,
            humanDesign: draft.humanDesignType
              ? {
                  type: draft.humanDesignType,
                  strategy: draft.humanDesignStrategy,
                  authority: draft.humanDesignAuthority,
                  profile: draft.humanDesignProfile,
                }
              : null,
          }}
          cuspNote={notes.cusp}
          timeNote={notes.time?.message}
          boundaryNotes={notes.boundaries}
          born={draft.birthData ? bornLine(draft.birthData) : null}
        />
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
      <BirthMomentFields value={form} options={view} onChange={set} />
      <BirthPlaceField
        value={form.location}
        term={birthPlaceTerm(form)}
        debounceMs={SEARCH_DEBOUNCE_MS}
        search={async (term, signal) =>
          (await searchCities(term, signal)).cities.map((c) => ({ id: c.id, label: c.label }))
        }
        onTextChange={(text) => set({ location: text, cityId: '' })}
        onPick={(place) => set({ location: place.label, cityId: place.id })}
        emptyText={NO_LOCATIONS_TEXT}
        failedText={LOCATION_SEARCH_FAILED_TEXT}
      />
      {failure ? (
        <Alert tone="error" title={failure.title}>
          {failure.description} You can also choose No above and add your chart later.
        </Alert>
      ) : null}
      <ChartCalculating running={calculating} />
      <Button
        size="lg"
        fullWidth
        onClick={calculate}
        disabled={!view.ready || calculating}
        loading={calculating}
      >
        Calculate
      </Button>
    </div>
  );
}
