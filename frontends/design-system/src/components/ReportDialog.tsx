import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { fieldInputClassName } from './TextField.tsx';
import { cx } from '../class-names.ts';
import { toast } from './toast-store.ts';

/** The reasons a member picks from, the same for posts, circles, events and messages. */
export const REPORT_REASONS = [
  'Spam or advertising',
  'Harassment or hate',
  'Harmful or dangerous',
  'Not appropriate here',
] as const;

/** What a member is told once their report is sent, whatever they reported. */
export function toastReportSent(): void {
  toast({
    tone: 'success',
    title: 'Thank you for your report',
    description: 'Our team will review it with care.',
  });
}

/**
 * The one way members report something (a post, a comment, a photo, a circle, an event, a message): a reason, optional
 * words, Send. `onSubmit` gets "reason: words" cut to `maxLength`; the caller sends it and says thank you
 * (`toastReportSent`).
 */
export function ReportDialog({
  open = true,
  onClose,
  title,
  description = 'Tell us what is wrong. Reports are private.',
  maxLength,
  pending,
  onSubmit,
}: {
  open?: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** The server's limit for the whole reason (contracts' REPORT_REASON_MAX_LENGTH). */
  maxLength: number;
  pending: boolean;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState<string>(REPORT_REASONS[0]);
  const [details, setDetails] = useState('');
  // One radio group per dialog: a post and each of its comments have their own.
  const groupName = useId();
  const fullReason = details.trim() ? `${reason}: ${details.trim()}` : reason;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={pending} onClick={() => onSubmit(fullReason.slice(0, maxLength))}>
            Send report
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Reason</legend>
        {REPORT_REASONS.map((r) => (
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
          maxLength={maxLength - reason.length - 2}
          onChange={(event) => setDetails(event.target.value)}
          className={cx(fieldInputClassName, 'mt-1 h-auto min-h-20 border-sand-300 py-2')}
        />
      </label>
    </Dialog>
  );
}
