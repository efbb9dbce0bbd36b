import { useState, type FormEvent } from 'react';
import { toApiError } from '@mer/api-client';
import { Alert, Button, TextField, toast } from '@mer/design-system';
import {
  changesOf,
  gatheringErrors,
  type GatheringChanges,
  type GatheringDraft,
  type GatheringErrors,
} from '../domain/gathering-edit.ts';
import { TextAreaField } from './Field.tsx';

/** What a manage panel needs of a mutation (the hooks of src/api). */
interface Mutation<T> {
  mutate: (value: T, options?: { onSuccess?: () => void }) => void;
  isPending: boolean;
  error: unknown;
}

/**
 * Edit and Cancel for the host of an event, a meetup series or one meetup date: the edit form sends what changed,
 * the cancel form an optional reason. The service tells the attendees either way, and the panel says so.
 */
export function ManageGathering({
  what,
  initial,
  timeZone,
  update,
  cancel,
}: {
  /** "event", "series", "date": the words of the buttons and messages. */
  what: string;
  initial: GatheringDraft;
  timeZone: string;
  update: Mutation<GatheringChanges>;
  cancel: Mutation<string>;
}) {
  const [open, setOpen] = useState<'none' | 'edit' | 'cancel'>('none');
  return (
    <div className="space-y-3" role="group" aria-label={`Manage this ${what}`}>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open === 'edit'}
          onClick={() => setOpen(open === 'edit' ? 'none' : 'edit')}
        >
          Edit {what}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open === 'cancel'}
          onClick={() => setOpen(open === 'cancel' ? 'none' : 'cancel')}
        >
          Cancel {what}
        </Button>
      </div>
      {open === 'edit' ? (
        <EditForm
          what={what}
          initial={initial}
          timeZone={timeZone}
          update={update}
          onDone={() => setOpen('none')}
        />
      ) : null}
      {open === 'cancel' ? <CancelForm what={what} cancel={cancel} onDone={() => setOpen('none')} /> : null}
    </div>
  );
}

function EditForm({
  what,
  initial,
  timeZone,
  update,
  onDone,
}: {
  what: string;
  initial: GatheringDraft;
  timeZone: string;
  update: Mutation<GatheringChanges>;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<GatheringErrors>({});
  const [unchanged, setUnchanged] = useState(false);
  const set = (key: keyof GatheringDraft, value: string) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = gatheringErrors(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const changes = changesOf(initial, draft);
    setUnchanged(Object.keys(changes).length === 0);
    if (Object.keys(changes).length === 0) return;
    update.mutate(changes, {
      onSuccess: () => {
        toast({ tone: 'success', title: 'Saved', description: 'The members who are going have been told.' });
        onDone();
      },
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Edit ${what}`}
      className="space-y-3 rounded-2xl bg-sand-50 p-4"
    >
      {draft.title !== undefined ? (
        <TextField
          label="Title"
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          error={errors.title}
          maxLength={150}
        />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Starts"
          type="datetime-local"
          value={draft.localStart}
          onChange={(e) => set('localStart', e.target.value)}
          error={errors.localStart}
          hint={`In ${timeZone}`}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          value={draft.localEnd}
          onChange={(e) => set('localEnd', e.target.value)}
          error={errors.localEnd}
        />
      </div>
      <TextField
        label="Places"
        inputMode="numeric"
        value={draft.capacity}
        onChange={(e) => set('capacity', e.target.value)}
        error={errors.capacity}
        hint="Leave empty for no limit; more places move members up from the waitlist."
      />
      {unchanged ? <p className="text-sm text-ink-600">Nothing has changed yet.</p> : null}
      {update.error ? (
        <Alert tone="error" title="The changes were not saved">
          {toApiError(update.error).message}
        </Alert>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={update.isPending}>
          Save changes
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Close
        </Button>
      </div>
    </form>
  );
}

function CancelForm({
  what,
  cancel,
  onDone,
}: {
  what: string;
  cancel: Mutation<string>;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    cancel.mutate(reason.trim(), {
      onSuccess: () => {
        toast({
          tone: 'success',
          title: 'Cancelled',
          description: 'The members who are going have been told.',
        });
        onDone();
      },
    });
  }
  return (
    <form onSubmit={submit} aria-label={`Cancel ${what}`} className="space-y-3 rounded-2xl bg-clay-100 p-4">
      <p className="text-sm text-ink-800">
        Everyone who is going or on the waitlist will be told. This cannot be undone.
      </p>
      <TextAreaField label="Reason (optional)" value={reason} onChange={setReason} rows={2} />
      {cancel.error ? (
        <Alert tone="error" title={`The ${what} was not cancelled`}>
          {toApiError(cancel.error).message}
        </Alert>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" variant="danger" size="sm" loading={cancel.isPending}>
          Yes, cancel this {what}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Keep it
        </Button>
      </div>
    </form>
  );
}
