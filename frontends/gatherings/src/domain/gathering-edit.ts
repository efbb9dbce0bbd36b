/*
 * The edit forms of an event, a meetup series and one meetup date share these rules: times are wall-clock times in
 * the gathering's own zone (YYYY-MM-DDTHH:mm, as <input type="datetime-local"> writes them), and only what changed
 * is sent (the service's update bodies need at least one field).
 */

export interface GatheringDraft {
  /** Absent when the form has no title (one meetup date). */
  title?: string;
  localStart: string;
  localEnd: string;
  /** Empty: no limit. */
  capacity: string;
}

export interface GatheringChanges {
  title?: string;
  localStart?: string;
  localEnd?: string;
  capacity?: number | null;
}

export type GatheringErrors = Partial<Record<keyof GatheringDraft, string>>;

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export function draftOf(current: {
  title?: string;
  localStart: string;
  localEnd: string;
  capacity: number | null;
}): GatheringDraft {
  return {
    ...(current.title === undefined ? {} : { title: current.title }),
    localStart: current.localStart,
    localEnd: current.localEnd,
    capacity: current.capacity === null ? '' : String(current.capacity),
  };
}

export function gatheringErrors(draft: GatheringDraft): GatheringErrors {
  const errors: GatheringErrors = {};
  if (draft.title !== undefined && !draft.title.trim()) errors.title = 'Please give it a title.';
  if (!LOCAL_TIME.test(draft.localStart)) errors.localStart = 'Please choose when it starts.';
  if (!LOCAL_TIME.test(draft.localEnd)) errors.localEnd = 'Please choose when it ends.';
  else if (draft.localEnd <= draft.localStart) errors.localEnd = 'It has to end after it starts.';
  const capacity = draft.capacity.trim();
  if (capacity && !(/^\d+$/.test(capacity) && Number(capacity) >= 1 && Number(capacity) <= 10_000))
    errors.capacity = 'Places must be a whole number from 1 to 10000, or empty for no limit.';
  return errors;
}

/** The fields that differ from `before` (an empty object: nothing to save). */
export function changesOf(before: GatheringDraft, after: GatheringDraft): GatheringChanges {
  const changes: GatheringChanges = {};
  if (after.title !== undefined && after.title.trim() !== before.title) changes.title = after.title.trim();
  if (after.localStart !== before.localStart) changes.localStart = after.localStart;
  if (after.localEnd !== before.localEnd) changes.localEnd = after.localEnd;
  if (after.capacity.trim() !== before.capacity)
    changes.capacity = after.capacity.trim() ? Number(after.capacity.trim()) : null;
  return changes;
}
