import { useId, useState } from 'react';
import type { CirclesReportBody } from '@mer/contracts';
import { toApiError, useSessionStore } from '@mer/api-client';
import { Button, Dialog, cx, fieldInputClassName, toast } from '@mer/design-system';
import { useReportGathering } from '../api/reports.ts';

/** The same reasons the feed's report offers, so members meet one way of reporting everywhere. */
const REASONS = ['Spam or advertising', 'Harassment or hate', 'Harmful or dangerous', 'Not appropriate here'];
/** contracts' REPORT_REASON_MAX_LENGTH (the value is not imported: it would bring TypeBox into the bundle). */
export const REPORT_REASON_MAX_LENGTH = 500;

const NOUN: Record<CirclesReportBody['targetType'], string> = {
  circle: 'circle',
  event: 'event',
  circle_post: 'post',
};

/**
 * "Report" on a circle, an event or a circle post that is not the member's own, opening the feed's report
 * interaction: a reason, optional words, a thank-you. The moderators decide; the member is told in plain words.
 */
export function ReportButton({
  targetType,
  targetId,
  ownerId,
}: {
  targetType: CirclesReportBody['targetType'];
  targetId: string;
  /** The holder, host or author: nobody reports their own. */
  ownerId: string;
}) {
  const myId = useSessionStore((s) => s.user?.id);
  const [open, setOpen] = useState(false);
  if (!myId || myId === ownerId) return null;
  const noun = NOUN[targetType];
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={`Report this ${noun}`} onClick={() => setOpen(true)}>
        Report
      </Button>
      {open ? (
        <ReportDialog target={{ targetType, targetId }} noun={noun} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function ReportDialog({
  target,
  noun,
  onClose,
}: {
  target: Pick<CirclesReportBody, 'targetType' | 'targetId'>;
  noun: string;
  onClose: () => void;
}) {
  const report = useReportGathering();
  const [reason, setReason] = useState(REASONS[0]!);
  const [details, setDetails] = useState('');
  const groupName = useId();
  const fullReason = details.trim() ? `${reason}: ${details.trim()}` : reason;

  function submit() {
    report.mutate(
      { ...target, reason: fullReason.slice(0, REPORT_REASON_MAX_LENGTH) },
      {
        onSuccess: () => {
          toast({
            tone: 'success',
            title: 'Thank you for your report',
            description: 'Our team will review it with care.',
          });
          onClose();
        },
        onError: (error) =>
          toast({ tone: 'error', title: 'Report failed', description: toApiError(error).message }),
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Report this ${noun}`}
      description="Tell us what is wrong. Reports are private."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={report.isPending} onClick={submit}>
            Send report
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Reason</legend>
        {REASONS.map((r) => (
          <label key={r} className="flex min-h-10 items-center gap-3 text-ink-800">
            <input
              type="radio"
              name={groupName}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {r}
          </label>
        ))}
      </fieldset>
      <label className="mt-3 block text-sm text-ink-700">
        Anything else we should know? (optional)
        <textarea
          value={details}
          maxLength={REPORT_REASON_MAX_LENGTH - reason.length - 2}
          onChange={(event) => setDetails(event.target.value)}
          className={cx(fieldInputClassName, 'mt-1 h-auto min-h-20 border-sand-300 py-2')}
        />
      </label>
    </Dialog>
  );
}
