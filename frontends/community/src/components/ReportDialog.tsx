import { REPORT_REASON_MAX_LENGTH, type ReportTargetType } from '@mer/contracts';
import { describeError } from '@mer/api-client';
import { ReportDialog as ReasonDialog, toast, toastReportSent } from '@mer/design-system';
import { useReport } from '../api/feed.ts';

/** What each reportable thing is called in the dialog's title. */
const NOUN: Record<ReportTargetType, string> = {
  post: 'post',
  comment: 'comment',
  photo: 'photo',
  discussion: 'discussion',
  discussion_reply: 'reply',
};

/**
 * Reporting a post, comment, photo, discussion or reply with a reason; three reports from different members hide it
 * for review.
 */
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
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      title={`Report this ${NOUN[target.type]}`}
      maxLength={REPORT_REASON_MAX_LENGTH}
      pending={report.isPending}
      onSubmit={(reason) =>
        report.mutate(
          { targetType: target.type, targetId: target.id, reason },
          {
            onSuccess: (receipt) => {
              toastReportSent();
              onClose();
              if (receipt.hidden) onHidden?.();
            },
            onError: (error) => toast({ tone: 'error', ...describeError(error) }),
          },
        )
      }
    />
  );
}
