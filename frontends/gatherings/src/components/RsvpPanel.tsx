import type { Attendance } from '@mer/contracts';
import { toApiError } from '@mer/api-client';
import { Alert, Button } from '@mer/design-system';
import { goingLabel, myStatusLabel, spotsLabel } from '../domain/attendance.ts';

/**
 * Going or not going, with the spots left and, once waitlisted, the member's place in line. A full gathering
 * takes a "going" as a place on the waitlist (first in, first out); the member is moved up when a spot frees.
 */
export function RsvpPanel({
  attendance,
  name,
  onAnswer,
  pending,
  error,
  closed,
}: {
  attendance: Attendance;
  /** What is answered, for the buttons' accessible names ("Going to Full Moon Circle"). */
  name: string;
  onAnswer: (status: 'going' | 'not_going') => void;
  pending: boolean;
  error: unknown;
  /** Cancelled or over: no answers. */
  closed?: string | null;
}) {
  const mine = myStatusLabel(attendance);
  const full = attendance.spotsLeft === 0;
  const answered = attendance.myStatus === 'going' || attendance.myStatus === 'waitlisted';
  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-700">
        {goingLabel(attendance)} · <span>{spotsLabel(attendance)}</span>
      </p>
      {mine ? (
        <p className="font-semibold text-ink-900" role="status">
          {mine}
        </p>
      ) : null}
      {closed ? (
        <p className="text-sm text-ink-600">{closed}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {answered ? (
            <Button
              variant="secondary"
              size="sm"
              loading={pending}
              aria-label={`${attendance.myStatus === 'waitlisted' ? 'Leave the waitlist of' : "I can't go to"} ${name}`}
              onClick={() => onAnswer('not_going')}
            >
              {attendance.myStatus === 'waitlisted' ? 'Leave the waitlist' : "I can't go"}
            </Button>
          ) : (
            <Button
              size="sm"
              loading={pending}
              aria-label={`${full ? 'Join the waitlist of' : 'Going to'} ${name}`}
              onClick={() => onAnswer('going')}
            >
              {full ? 'Join the waitlist' : "I'm going"}
            </Button>
          )}
        </div>
      )}
      {error ? (
        <Alert tone="error" title="Your answer was not saved">
          {toApiError(error).message}
        </Alert>
      ) : null}
    </div>
  );
}
