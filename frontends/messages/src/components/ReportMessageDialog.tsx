import { toApiError } from '@mer/api-client';
import { ReportDialog, toast, toastReportSent } from '@mer/design-system';
import { useReportMessage } from '../api/messaging.ts';
import { REPORT_REASON_MAX_LENGTH } from '../domain/texts.ts';

/**
 * Reporting the other member's message with a reason (the design system's report dialog, as on the feed). Only that
 * message reaches the moderators; the other member is not told who reported it.
 */
export function ReportMessageDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const report = useReportMessage();
  return (
    <ReportDialog
      onClose={onClose}
      title="Report this message"
      description="Tell us what is wrong. Only this message is sent to our team, and reports are private."
      maxLength={REPORT_REASON_MAX_LENGTH}
      pending={report.isPending}
      onSubmit={(reason) =>
        report.mutate(
          { messageId, reason },
          {
            onSuccess: () => {
              toastReportSent();
              onClose();
            },
            onError: (error) =>
              toast({ tone: 'error', title: 'Report failed', description: toApiError(error).message }),
          },
        )
      }
    />
  );
}
