import { useId, useState } from 'react';
import { REPORT_REASON_MAX_LENGTH, type ReportTargetType } from '@mer/contracts';
import { describeError } from '@mer/api-client';
import { Button, Dialog, cx, fieldInputClassName, toast } from '@mer/design-system';
import { useReport } from '../api/feed.ts';

const REASONS = ['Spam or advertising', 'Harassment or hate', 'Harmful or dangerous', 'Not appropriate here'];

/** Reporting a post, comment or photo with a reason; three reports from different members hide it for review. */
export function ReportDialog({
  open,
  onClose,
  target,
  onHidden,
}: {
  open: boolean;
  onClose: () => void;
  target: { type: ReportTargetType; id: string };
  onHidden?: () => void;
}) {
  const report = useReport();
  const [reason, setReason] = useState(REASONS[0]!);
  const [details, setDetails] = useState('');
  // One radio group per dialog: a post and each of its comments have their own.
  const groupName = useId();
  const fullReason = details.trim() ? `${reason}: ${details.trim()}` : reason;

  function submit() {
    report.mutate(
      { targetType: target.type, targetId: target.id, reason: fullReason.slice(0, REPORT_REASON_MAX_LENGTH) },
      {
        onSuccess: (receipt) => {
          toast({
            tone: 'success',
            title: 'Thank you for your report',
            description: 'Our team will review it with care.',
          });
          onClose();
          if (receipt.hidden) onHidden?.();
        },
        onError: (error) => toast({ tone: 'error', ...describeError(error) }),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Report this ${target.type}`}
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
