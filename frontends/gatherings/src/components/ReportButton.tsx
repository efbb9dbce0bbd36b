import { useState } from 'react';
import type { CirclesReportBody } from '@mer/contracts';
import { toApiError, useSessionStore } from '@mer/api-client';
import { Button, ReportDialog, toast, toastReportSent } from '@mer/design-system';
import { useReportGathering } from '../api/reports.ts';

/** contracts' REPORT_REASON_MAX_LENGTH (the value is not imported: it would bring TypeBox into the bundle). */
export const REPORT_REASON_MAX_LENGTH = 500;

const NOUN: Record<CirclesReportBody['targetType'], string> = {
  circle: 'circle',
  event: 'event',
  circle_post: 'post',
  circle_discussion: 'discussion',
  circle_discussion_reply: 'reply',
};

/**
 * "Report" on a circle, an event, a circle post, discussion or reply that is not the member's own, opening the feed's report
 * interaction: a reason, optional words, a thank-you. The moderators decide; the member is told in plain words.
 */
export function ReportButton({
  targetType,
  targetId,
  ownerId,
  label,
}: {
  targetType: CirclesReportBody['targetType'];
  targetId: string;
  /** The holder, host or author: nobody reports their own. */
  ownerId: string;
  /** The button's accessible name when 'Report this …' does not tell it apart (a reply among replies). */
  label?: string;
}) {
  const myId = useSessionStore((s) => s.user?.id);
  const [open, setOpen] = useState(false);
  if (!myId || myId === ownerId) return null;
  const noun = NOUN[targetType];
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={label ?? `Report this ${noun}`}
        onClick={() => setOpen(true)}
      >
        Report
      </Button>
      {open ? (
        <GatheringReportDialog target={{ targetType, targetId }} noun={noun} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function GatheringReportDialog({
  target,
  noun,
  onClose,
}: {
  target: Pick<CirclesReportBody, 'targetType' | 'targetId'>;
  noun: string;
  onClose: () => void;
}) {
  const report = useReportGathering();
  return (
    <ReportDialog
      onClose={onClose}
      title={`Report this ${noun}`}
      maxLength={REPORT_REASON_MAX_LENGTH}
      pending={report.isPending}
      onSubmit={(reason) =>
        report.mutate(
          { ...target, reason },
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
