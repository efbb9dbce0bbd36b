import { useState, type FormEvent } from 'react';
import type { MeetupDetail, MeetupOccurrence } from '@mer/contracts';
import { toApiError, useSessionStore } from '@mer/api-client';
import { Alert, Badge, Button, Card, TextField } from '@mer/design-system';
import {
  reloadCircleMeetups,
  useCancelMeetup,
  useCancelOccurrence,
  useCircleMeetups,
  useCreateMeetup,
  useOccurrenceAttendees,
  useOccurrenceRsvp,
  useUpdateMeetup,
  useUpdateOccurrence,
} from '../../api/circles.ts';
import { draftOf } from '../../domain/gathering-edit.ts';
import {
  EMPTY_MEETUP,
  WEEKDAYS,
  createMeetupBody,
  meetupErrors,
  type MeetupDraft,
} from '../../domain/meetup-form.ts';
import { placeCityOf } from '../../domain/event-wizard.ts';
import { timeRangeLabel } from '../../domain/place-time.ts';
import { useRsvpRealtime } from '../../hooks/useRsvpRealtime.ts';
import { AttendeeList } from '../AttendeeList.tsx';
import { CalendarActions } from '../CalendarActions.tsx';
import { CityPicker } from '../CityPicker.tsx';
import { EVENT_TYPE_LABELS } from '../EventCard.tsx';
import { RadioGroup, SelectField, TextAreaField } from '../Field.tsx';
import { ManageGathering } from '../ManageGathering.tsx';
import { EmptyState, LoadError } from '../PageStates.tsx';
import { RsvpPanel } from '../RsvpPanel.tsx';

const memberZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function Occurrence({
  circleId,
  meetup,
  occurrence,
  canAnswer,
  canManage,
}: {
  circleId: string;
  meetup: MeetupDetail['meetup'];
  occurrence: MeetupOccurrence;
  canAnswer: boolean;
  canManage: boolean;
}) {
  const rsvp = useOccurrenceRsvp(circleId, meetup.id, occurrence.id);
  const update = useUpdateOccurrence(circleId, meetup.id, occurrence.id);
  const cancel = useCancelOccurrence(circleId, meetup.id, occurrence.id);
  const [showPeople, setShowPeople] = useState(false);
  const attendees = useOccurrenceAttendees(meetup.id, occurrence.id, showPeople);
  const when = timeRangeLabel(occurrence.startsAt, occurrence.endsAt, meetup.timeZone);
  return (
    <li
      data-testid="occurrence"
      aria-label={`${meetup.title}, ${when}`}
      className="space-y-2 rounded-2xl bg-sand-50 p-3 ring-1 ring-sand-200"
    >
      <p className="font-semibold text-ink-900">
        {when} {occurrence.status === 'cancelled' ? <Badge tone="clay">Cancelled</Badge> : null}
      </p>
      <RsvpPanel
        attendance={occurrence.attendance}
        name={`${meetup.title} on ${when}`}
        onAnswer={(status) => rsvp.mutate(status)}
        pending={rsvp.isPending}
        error={rsvp.error}
        closed={
          occurrence.status === 'cancelled'
            ? 'This meetup was cancelled.'
            : canAnswer
              ? null
              : 'Join the circle to answer.'
        }
      />
      <Button variant="ghost" size="sm" aria-expanded={showPeople} onClick={() => setShowPeople((v) => !v)}>
        {showPeople ? "Hide who's going" : "Who's going"}
      </Button>
      {showPeople && attendees.data ? (
        <div className="space-y-2">
          <AttendeeList title="Going" attendees={attendees.data.going} />
          <AttendeeList title="Waitlist" attendees={attendees.data.waitlist} />
        </div>
      ) : null}
      {canManage && occurrence.status === 'scheduled' ? (
        <ManageGathering
          what="date"
          initial={draftOf({ ...occurrence, capacity: occurrence.attendance.capacity })}
          timeZone={meetup.timeZone}
          update={update}
          cancel={cancel}
        />
      ) : null}
    </li>
  );
}

function MeetupCard({
  circleId,
  detail,
  highlighted,
  canAnswer,
  leads,
}: {
  circleId: string;
  detail: MeetupDetail;
  highlighted: boolean;
  canAnswer: boolean;
  leads: boolean;
}) {
  const { meetup, occurrences } = detail;
  const update = useUpdateMeetup(circleId, meetup.id);
  const cancel = useCancelMeetup(circleId, meetup.id);
  const myId = useSessionStore((s) => s.user?.id);
  // The service lets the meetup's host and the circle's holders and moderators manage it.
  const canManage = (leads || myId === meetup.host.userId) && meetup.status === 'scheduled';
  return (
    <Card
      padding="md"
      className={highlighted ? 'space-y-3 ring-2 ring-sage-400' : 'space-y-3'}
      aria-label={meetup.title}
      role="region"
    >
      <h3 className="font-display text-xl text-ink-900">{meetup.title}</h3>
      <p className="text-sm text-ink-600">
        {EVENT_TYPE_LABELS[meetup.type]} · {meetup.place.city?.label ?? 'Online'}
        {meetup.recurrence ? ' · Repeats' : ''}
        {meetup.capacity ? ` · ${meetup.capacity} places each time` : ''} · times in {meetup.timeZone}
      </p>
      {meetup.place.address ? <p className="text-sm text-ink-700">{meetup.place.address}</p> : null}
      {meetup.place.onlineUrl ? (
        <a
          href={meetup.place.onlineUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="text-sm font-semibold text-sage-700 underline"
        >
          Join online
        </a>
      ) : null}
      {meetup.status === 'cancelled' ? <Badge tone="clay">Cancelled</Badge> : null}
      {occurrences.length === 0 ? (
        <p className="text-sm text-ink-600">No upcoming dates.</p>
      ) : (
        <ul aria-label={`Dates of ${meetup.title}`} className="space-y-3">
          {occurrences.map((o) => (
            <Occurrence
              key={o.id}
              circleId={circleId}
              meetup={meetup}
              occurrence={o}
              canAnswer={canAnswer}
              canManage={canManage}
            />
          ))}
        </ul>
      )}
      <CalendarActions target={{ kind: 'meetup', id: meetup.id, title: meetup.title }} />
      {canManage ? (
        <ManageGathering
          what={meetup.recurrence ? 'series' : 'meetup'}
          initial={draftOf(meetup)}
          timeZone={meetup.timeZone}
          update={update}
          cancel={cancel}
        />
      ) : null}
    </Card>
  );
}

function NewMeetupForm({ circleId, onDone }: { circleId: string; onDone: () => void }) {
  const [draft, setDraft] = useState<MeetupDraft>(EMPTY_MEETUP);
  const [errors, setErrors] = useState<ReturnType<typeof meetupErrors>>({});
  const create = useCreateMeetup(circleId);
  const zone = memberZone();
  const set = <K extends keyof MeetupDraft>(key: K, value: MeetupDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = meetupErrors(draft, zone);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate(createMeetupBody(draft, zone), { onSuccess: onDone });
  }
  return (
    <Card padding="md">
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="New meetup">
        <TextField
          label="Meetup title"
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          error={errors.title}
          maxLength={150}
        />
        <TextAreaField
          label="About this meetup"
          value={draft.description}
          onChange={(v) => set('description', v)}
          rows={3}
        />
        <RadioGroup
          legend="Type"
          value={draft.type}
          onChange={(v) => set('type', v)}
          options={(['in_person', 'online', 'hybrid'] as const).map((id) => ({
            id,
            label: EVENT_TYPE_LABELS[id],
          }))}
        />
        <CityPicker
          label={draft.type === 'online' ? 'City (optional)' : 'City'}
          onPick={(c) => set('city', placeCityOf(c))}
          error={errors.city}
          hint="Times are in this city's time zone."
        />
        {draft.type !== 'online' ? (
          <TextField
            label="Address"
            value={draft.address}
            onChange={(e) => set('address', e.target.value)}
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
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="First date"
            type="date"
            value={draft.date}
            onChange={(e) => set('date', e.target.value)}
            error={errors.date}
          />
          <TextField
            label="Starts at"
            type="time"
            value={draft.startTime}
            onChange={(e) => set('startTime', e.target.value)}
          />
          <TextField
            label="Ends at"
            type="time"
            value={draft.endTime}
            onChange={(e) => set('endTime', e.target.value)}
            error={errors.endTime}
          />
        </div>
        <SelectField
          label="Repeats"
          value={draft.repeat}
          onChange={(v) => set('repeat', v as MeetupDraft['repeat'])}
        >
          <option value="none">Does not repeat</option>
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
        </SelectField>
        {draft.repeat === 'weekly' ? (
          <fieldset className="flex flex-wrap gap-3">
            <legend className="mb-1 text-sm font-semibold text-ink-800">On</legend>
            {WEEKDAYS.map((d) => (
              <label key={d.id} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={draft.weekdays.includes(d.id)}
                  onChange={(e) =>
                    set(
                      'weekdays',
                      e.target.checked ? [...draft.weekdays, d.id] : draft.weekdays.filter((w) => w !== d.id),
                    )
                  }
                />
                {d.label}
              </label>
            ))}
          </fieldset>
        ) : null}
        {draft.repeat === 'monthly' ? (
          <SelectField
            label="Each month"
            value={draft.monthlyBy}
            onChange={(v) => set('monthlyBy', v as 'date' | 'weekday')}
          >
            <option value="date">On the same date</option>
            <option value="weekday">On the same weekday (e.g. the second Tuesday)</option>
          </SelectField>
        ) : null}
        {draft.repeat !== 'none' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Number of times"
              inputMode="numeric"
              value={draft.count}
              onChange={(e) => set('count', e.target.value)}
              error={errors.count}
            />
            <TextField
              label="Or until"
              type="date"
              value={draft.until}
              onChange={(e) => set('until', e.target.value)}
            />
          </div>
        ) : null}
        <TextField
          label="Places each time"
          inputMode="numeric"
          value={draft.capacity}
          onChange={(e) => set('capacity', e.target.value)}
          error={errors.capacity}
          hint="Leave empty for no limit; when full, members join a waitlist."
        />
        {create.isError ? (
          <Alert tone="error" title="The meetup was not created">
            {toApiError(create.error).message}
          </Alert>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" loading={create.isPending}>
            Create meetup
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The meetups tab: each meetup with its next dates and RSVPs; /circles/{id}/meetups/{meetupId} puts that one first. */
export function CircleMeetups({
  circleId,
  meetupId,
  isMember,
  leads,
}: {
  circleId: string;
  meetupId: string | null;
  isMember: boolean;
  leads: boolean;
}) {
  const meetups = useCircleMeetups(circleId);
  const [creating, setCreating] = useState(false);
  useRsvpRealtime(
    () => void reloadCircleMeetups(circleId),
    (data) => data.targetKind === 'occurrence',
  );
  const ordered = meetups.data
    ? [...meetups.data].sort((a, b) => Number(b.meetup.id === meetupId) - Number(a.meetup.id === meetupId))
    : [];
  return (
    <div className="space-y-4">
      {leads && !creating ? (
        <Button variant="secondary" onClick={() => setCreating(true)}>
          New meetup
        </Button>
      ) : null}
      {creating ? <NewMeetupForm circleId={circleId} onDone={() => setCreating(false)} /> : null}
      {meetups.isPending ? (
        <p className="text-sm text-ink-600">Loading meetups…</p>
      ) : meetups.isError ? (
        <LoadError
          title="We couldn't load the meetups"
          onRetry={() => void meetups.refetch()}
          error={meetups.error}
        />
      ) : ordered.length === 0 ? (
        <EmptyState>No meetups planned yet.</EmptyState>
      ) : (
        ordered.map((m) => (
          <MeetupCard
            key={m.meetup.id}
            circleId={circleId}
            detail={m}
            highlighted={m.meetup.id === meetupId}
            canAnswer={isMember}
            leads={leads}
          />
        ))
      )}
    </div>
  );
}
