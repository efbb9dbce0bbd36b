import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@mer/router';
import { toApiError } from '@mer/api-client';
import { Alert, Button, Card, ProgressBar, TextField, buttonClassName } from '@mer/design-system';
import { useCircles } from '../api/circles.ts';
import { useCreateEvent } from '../api/events.ts';
import {
  EMPTY_DRAFT,
  EVENT_CATEGORIES,
  WIZARD_STEPS,
  createEventBody,
  draftTimeZone,
  placeCityOf,
  stepErrors,
  type DraftErrors,
  type EventDraft,
} from '../domain/event-wizard.ts';
import { instantOf, placeTimeLabel, yourTimeLabel } from '../domain/place-time.ts';
import { CityPicker } from './CityPicker.tsx';
import { EVENT_TYPE_LABELS } from './EventCard.tsx';
import { RadioGroup, SelectField, TextAreaField } from './Field.tsx';

const memberZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /create-event: a wizard (what, where and when, details, preview). The preview shows the times in the place's
 * time zone, as members will read them, and the member's own time when it differs. A new event waits for approval.
 */
export default function CreateEventWizard() {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<EventDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = useCreateEvent();
  const navigate = useNavigate();
  const circles = useCircles({ view: 'mine', q: '' });
  const leading = useMemo(
    () =>
      (circles.data?.pages.flatMap((p) => p.circles) ?? []).filter(
        (c) => c.approvalStatus === 'approved' && (c.myStanding === 'holder' || c.myStanding === 'moderator'),
      ),
    [circles.data],
  );
  const zone = memberZone();
  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  function next(event: FormEvent) {
    event.preventDefault();
    const problems = stepErrors(step, draft, zone);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (step < WIZARD_STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    create.mutate(createEventBody(draft, zone), {
      onSuccess: (created) => navigate(`/events/${created.id}`),
    });
  }

  const timeZone = draftTimeZone(draft, zone);
  const startsAt = draft.startDate ? instantOf(draft.startDate, draft.startTime, timeZone) : null;
  const endsAt = draft.startDate
    ? instantOf(draft.endDate || draft.startDate, draft.endTime, timeZone)
    : null;

  return (
    <div className="mx-auto w-full max-w-2xl space-y-5 px-3 py-5 sm:px-4 sm:py-8">
      <header className="space-y-2">
        <h1 className="font-display text-3xl text-ink-900">Create an event</h1>
        <p className="text-sm font-semibold text-ink-700">
          Step {step + 1} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step]}
        </p>
        <ProgressBar
          value={((step + 1) / WIZARD_STEPS.length) * 100}
          label={`Step ${step + 1} of ${WIZARD_STEPS.length}`}
        />
      </header>
      <Card padding="lg">
        <form onSubmit={next} noValidate className="space-y-5">
          {step === 0 ? (
            <>
              <TextField
                label="Title"
                value={draft.title}
                onChange={(e) => set('title', e.target.value)}
                error={errors.title}
                maxLength={150}
                required
              />
              <TextAreaField
                label="Description"
                value={draft.description}
                onChange={(v) => set('description', v)}
                error={errors.description}
              />
              <SelectField
                label="Category"
                value={draft.category}
                onChange={(v) => set('category', v as EventDraft['category'])}
              >
                {EVENT_CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
              <RadioGroup
                legend="Type"
                value={draft.type}
                onChange={(v) => set('type', v)}
                options={(['in_person', 'online', 'hybrid'] as const).map((id) => ({
                  id,
                  label: EVENT_TYPE_LABELS[id],
                }))}
              />
            </>
          ) : null}
          {step === 1 ? (
            <>
              <CityPicker
                label={draft.type === 'online' ? 'City (optional)' : 'City'}
                initialText={draft.city?.label ?? ''}
                onPick={(city) => set('city', placeCityOf(city))}
                error={errors.city}
                hint="The event's times are in this city's time zone."
              />
              {draft.type !== 'online' ? (
                <TextField
                  label="Address"
                  value={draft.address}
                  onChange={(e) => set('address', e.target.value)}
                  error={errors.address}
                  hint="Shown only to the members who are going."
                  maxLength={300}
                />
              ) : null}
              {draft.type !== 'in_person' ? (
                <TextField
                  label="Online link"
                  type="url"
                  value={draft.onlineUrl}
                  onChange={(e) => set('onlineUrl', e.target.value)}
                  error={errors.onlineUrl}
                  hint="Shown only to the members who are going."
                  maxLength={500}
                />
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Start date"
                  type="date"
                  value={draft.startDate}
                  onChange={(e) => set('startDate', e.target.value)}
                  error={errors.startDate}
                />
                <TextField
                  label="Start time"
                  type="time"
                  value={draft.startTime}
                  onChange={(e) => set('startTime', e.target.value)}
                />
                <TextField
                  label="End date"
                  type="date"
                  value={draft.endDate || draft.startDate}
                  onChange={(e) => set('endDate', e.target.value)}
                />
                <TextField
                  label="End time"
                  type="time"
                  value={draft.endTime}
                  onChange={(e) => set('endTime', e.target.value)}
                  error={errors.endTime}
                />
              </div>
              <p className="text-sm text-ink-600">Times are in {timeZone}.</p>
            </>
          ) : null}
          {step === 2 ? (
            <>
              <TextField
                label="Capacity"
                inputMode="numeric"
                value={draft.capacity}
                onChange={(e) => set('capacity', e.target.value)}
                error={errors.capacity}
                hint="How many can come. Leave empty for no limit; when it is full, members join a waitlist."
              />
              {leading.length > 0 ? (
                <SelectField
                  label="Circle (optional)"
                  value={draft.circleId}
                  onChange={(v) => set('circleId', v)}
                >
                  <option value="">No circle</option>
                  {leading.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </SelectField>
              ) : null}
            </>
          ) : null}
          {step === 3 ? (
            <section aria-label="Preview" className="space-y-2 rounded-2xl bg-sand-100 p-4 text-ink-800">
              <h2 className="font-display text-2xl text-ink-900">{draft.title}</h2>
              {startsAt ? (
                <p>
                  <span className="font-semibold">Starts: </span>
                  {placeTimeLabel(startsAt, timeZone)} ({timeZone})
                  {yourTimeLabel(startsAt, timeZone, zone)
                    ? ` · ${yourTimeLabel(startsAt, timeZone, zone)}`
                    : ''}
                </p>
              ) : null}
              {endsAt ? (
                <p>
                  <span className="font-semibold">Ends: </span>
                  {placeTimeLabel(endsAt, timeZone)}
                </p>
              ) : null}
              <p>
                <span className="font-semibold">Where: </span>
                {[
                  EVENT_TYPE_LABELS[draft.type],
                  draft.city?.label,
                  draft.type !== 'online' ? draft.address : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p>
                <span className="font-semibold">Capacity: </span>
                {draft.capacity.trim() ? draft.capacity : 'No limit'}
              </p>
              <p className="whitespace-pre-line text-ink-700">{draft.description}</p>
              <p className="text-sm text-ink-600">
                Your event will be visible to members once it is approved.
              </p>
            </section>
          ) : null}
          {create.isError ? (
            <Alert tone="error" title="Your event was not created">
              {toApiError(create.error).message}
            </Alert>
          ) : null}
          <div className="flex flex-wrap justify-between gap-3">
            {step > 0 ? (
              <Button variant="secondary" onClick={() => setStep(step - 1)}>
                Back
              </Button>
            ) : (
              <Link to="/events" className={buttonClassName('secondary')}>
                Cancel
              </Link>
            )}
            <Button type="submit" loading={create.isPending} loadingLabel="Creating your event">
              {step === WIZARD_STEPS.length - 1 ? 'Create event' : 'Next'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
