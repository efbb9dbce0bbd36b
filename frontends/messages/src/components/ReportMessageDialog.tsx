import { useId, useState } from 'react';
import { toApiError } from '@mer/api-client';
import { Button, Dialog, cx, fieldInputClassName, toast } from '@mer/design-system';
import { useReportMessage } from '../api/messaging.ts';
import { REPORT_REASON_MAX_LENGTH } from '../domain/texts.ts';

/** The same reasons the feed's report offers, so members meet one way of reporting everywhere. */
const REASONS = ['Spam or advertising', 'Harassment or hate', 'Harmful or dangerous', 'Not appropriate here'];

/**
 * Reporting the other member's message with a reason (the feed's report interaction). Only that message reaches the
 * moderators; the other member is not told who reported it.
 */
export function ReportMessageDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const report = useReportMessage();
  const [reason, setReason] = useState(REASONS[0]!);
  const [details, setDetails] = useState('');
  const groupName = useId();
  const fullReason = details.trim() ? `${reason}: ${details.trim()}` : reason;

  function submit() {
    report.mutate(
      { messageId, reason: fullReason.slice(0, REPORT_REASON_MAX_LENGTH) },
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
      title="Report this message"
      description="Tell us what is wrong. Only this message is sent to our team, and reports are private."
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
