import { useMemo, useState } from 'react';
import { toApiError, ApiError } from '@mer/api-client';
import type { MemberChart } from '@mer/contracts';
import { useDeleteMyChart, useMyChart, useStoreMyChart } from '../../api/charts.ts';
import { searchCities } from '../../api/profile.ts';
import { Alert, Button, Dialog, RefreshIcon, Spinner } from '@mer/design-system';
import {
  BirthMomentFields,
  BirthPlaceField,
  ChartCalculating,
  ChartResultCards,
  LOCATION_SEARCH_FAILED_TEXT,
  NO_LOCATIONS_TEXT,
  SEARCH_DEBOUNCE_MS,
  birthFormView,
  birthPlaceTerm,
  bornLine,
  calculationFailure,
  calculationNotice,
  type BirthForm,
} from '@mer/profile-forms';
import type { Feedback } from '@mer/design-system';
import { COSMIC_TEXTS, chartSaveInput, settingsFormFrom } from '../../domain/cosmic-settings.ts';
import { SettingsSection } from './SettingsSection.tsx';

/**
 * Cosmic info: the member's stored chart (GET charts/me; null = none yet), the wizard's birth form to add or
 * change it (PUT charts/me: the server calculates and stores it, and updates the profile's signs and the
 * bodygraph on /my-profile), and "Remove my birth data" (DELETE charts/me) after a confirmation.
 */
export function CosmicSection({
  notify,
  feedback,
}: {
  notify: (feedback: Feedback) => void;
  feedback: Feedback | null;
}) {
  const myChart = useMyChart();
  const storeMyChart = useStoreMyChart();
  const deleteMyChart = useDeleteMyChart();
  const chart = myChart.data ?? null;
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<BirthForm>(() => settingsFormFrom(null));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Feedback | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const view = useMemo(() => birthFormView(form), [form]);
  const input = chartSaveInput(view, chart);
  const set = (patch: Partial<BirthForm>) => setForm((f) => ({ ...f, ...patch }));

  function openForm(from: MemberChart | null) {
    setForm(settingsFormFrom(from));
    setFailure(null);
    setEditing(true);
  }

  async function save() {
    if (!input || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      // Also caches the stored chart and has the profile and the shell's navigation read again.
      const stored = await storeMyChart.mutateAsync(input);
      setEditing(false);
      notify(calculationNotice(stored));
    } catch (error) {
      const shown = calculationFailure(error instanceof ApiError ? error : null);
      setFailure(shown);
      notify(shown);
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    setRemoving(true);
    try {
      await deleteMyChart.mutateAsync();
      setConfirming(false);
      setEditing(false);
      setForm(settingsFormFrom(null));
      notify(COSMIC_TEXTS.removed);
    } catch (error) {
      notify({ ...COSMIC_TEXTS.removeFailed, description: toApiError(error).message });
    } finally {
      setRemoving(false);
    }
  }

  const privacy = (
    <p className="text-sm leading-relaxed text-ink-600">
      Only you see your chart unless you turn on{' '}
      <a href="#privacy" className="font-medium text-ink-800 underline underline-offset-2">
        ‘Share my birth data and chart’ in Privacy
      </a>
      .
    </p>
  );

  let body;
  if (myChart.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-600">
        <Spinner /> Loading your chart…
      </p>
    );
  } else if (myChart.isError) {
    body = (
      <Alert tone="error" title="Your chart could not be loaded">
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void myChart.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (editing || !chart) {
    body = (
      <div className="space-y-6">
        {!chart && !editing ? (
          <>
            <p className="text-[0.95rem] text-ink-700">{COSMIC_TEXTS.none}</p>
            <Button onClick={() => openForm(null)}>Add birth details</Button>
          </>
        ) : (
          <>
            <BirthMomentFields value={form} options={view} onChange={set} />
            <BirthPlaceField
              value={form.location}
              term={birthPlaceTerm(form)}
              debounceMs={SEARCH_DEBOUNCE_MS}
              search={async (term, signal) =>
                (await searchCities(term, signal)).cities.map((c) => ({
                  id: c.id,
                  label: c.label,
                }))
              }
              onTextChange={(text) => set({ location: text, cityId: '' })}
              onPick={(place) => set({ location: place.label, cityId: place.id })}
              emptyText={NO_LOCATIONS_TEXT}
              failedText={LOCATION_SEARCH_FAILED_TEXT}
            />
            {failure ? (
              <Alert tone="error" title={failure.title}>
                {failure.description}
              </Alert>
            ) : null}
            <ChartCalculating running={saving} />
            <div className="flex flex-wrap gap-3">
              <Button onClick={save} disabled={!input || saving} loading={saving}>
                Save birth details
              </Button>
              <Button variant="ghost" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </Button>
            </div>
          </>
        )}
      </div>
    );
  } else {
    body = (
      <div className="space-y-6">
        <ChartResultCards
          chart={chart}
          cuspNote={chart.cuspNote}
          timeNote={chart.timeNote?.message}
          boundaryNotes={chart.boundaryNotes}
          born={bornLine(chart)}
        />
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            icon={<RefreshIcon className="size-4" />}
            onClick={() => openForm(chart)}
          >
            Change birth details
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Remove my birth data
          </Button>
        </div>
      </div>
    );
  }

  return (
    <SettingsSection id="cosmic" title="Cosmic info" description={COSMIC_TEXTS.intro} feedback={feedback}>
      <div className="space-y-6">
        {body}
        {privacy}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={COSMIC_TEXTS.removeTitle}
        description={COSMIC_TEXTS.removeDescription}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={removing}>
              Keep it
            </Button>
            <Button variant="danger" onClick={remove} loading={removing} disabled={removing}>
              Remove
            </Button>
          </>
        }
      />
    </SettingsSection>
  );
}
