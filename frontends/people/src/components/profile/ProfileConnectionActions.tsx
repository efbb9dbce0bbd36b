import { useEffect, useId, useRef, useState } from 'react';
import { toApiError } from '@mer/api-client';
import { Alert, Button, CircleDotsIcon, Dialog, Spinner, cx } from '@mer/design-system';
import { useBlockMember, useConnectionStatus, useReportMember } from '../../api/social-graph-hooks.ts';
import type { ReportReason } from '@mer/contracts';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../../api/social-graph.ts';
import { ConnectionActions } from '../connections/ConnectionActions.tsx';
import { RemoveConnectionButton } from '../connections/RemoveConnectionButton.tsx';

function ReportDialog({
  open,
  onClose,
  userId,
  name,
}: {
  open: boolean;
  onClose: () => void;
  userId: string;
  name: string;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [sent, setSent] = useState(false);
  const report = useReportMember();
  const detailsId = useId();
  const close = () => {
    onClose();
    setSent(false);
    setReason(null);
    setDetails('');
    report.reset();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={sent ? 'Thank you for telling us' : `Report ${name}`}
      description={
        sent
          ? 'Our guides will look at your report. The member is not told who reported them.'
          : 'What is wrong? Your report is confidential.'
      }
      footer={
        sent ? (
          <Button onClick={close}>Close</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={!reason}
              loading={report.isPending}
              onClick={() =>
                reason &&
                report.mutate({ userId, reason, details: details.trim() }, { onSuccess: () => setSent(true) })
              }
            >
              Send report
            </Button>
          </>
        )
      }
    >
      {sent ? null : (
        <div className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-ink-800">Reason</legend>
            <div className="space-y-2">
              {REPORT_REASONS.map((r) => (
                <label key={r.value} className="flex cursor-pointer items-center gap-3 text-ink-800">
                  <input
                    type="radio"
                    name="report-reason"
                    value={r.value}
                    checked={reason === r.value}
                    onChange={() => setReason(r.value)}
                    className="size-4 accent-ink-700"
                  />
                  {r.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={detailsId} className="mb-1.5 block text-sm font-medium text-ink-800">
              Anything else we should know? (optional)
            </label>
            <textarea
              id={detailsId}
              value={details}
              maxLength={REPORT_DETAILS_MAX}
              rows={3}
              onChange={(e) => setDetails(e.target.value)}
              className="block w-full rounded-xl border border-sand-300 px-4 py-3 text-ink-900 focus:border-ink-500 focus:ring-4 focus:ring-ink-100 focus:outline-none"
            />
          </div>
          {report.error ? (
            <p role="alert" className="text-sm text-clay-700">
              {toApiError(report.error).message}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}

function BlockDialog({
  open,
  onClose,
  onBlocked,
  userId,
  name,
}: {
  open: boolean;
  onClose: () => void;
  onBlocked: () => void;
  userId: string;
  name: string;
}) {
  const block = useBlockMember();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Block ${name}?`}
      description="They won't be able to find you, send you requests or message you, and any connection between you ends. They are not told."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={block.isPending}
            onClick={() => block.mutate(userId, { onSuccess: onBlocked })}
          >
            Block
          </Button>
        </>
      }
    >
      {block.error ? (
        <p role="alert" className="text-sm text-clay-700">
          {toApiError(block.error).message}
        </p>
      ) : null}
    </Dialog>
  );
}

/** "More" beside the status button: Block and Report (a disclosure of two buttons: simple for every reader). */
function MoreMenu({ name, onBlock, onReport }: { name: string; onBlock: () => void; onReport: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const item =
    'block w-full rounded-xl px-4 py-2.5 text-left text-[0.95rem] font-medium text-ink-800 hover:bg-sand-100 focus-visible:bg-sand-100';
  return (
    <div ref={ref} className="relative">
      <Button
        variant="secondary"
        aria-label={`More options for ${name}`}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        icon={<CircleDotsIcon className="size-5" />}
      >
        More
      </Button>
      {open ? (
        <ul
          id={menuId}
          className="absolute right-0 z-20 mt-2 w-52 rounded-2xl bg-white p-1.5 shadow-lift ring-1 ring-sand-200"
        >
          <li>
            <button
              type="button"
              className={item}
              onClick={() => {
                setOpen(false);
                onReport();
              }}
            >
              Report
            </button>
          </li>
          <li>
            <button
              type="button"
              className={cx(item, 'text-clay-700')}
              onClick={() => {
                setOpen(false);
                onBlock();
              }}
            >
              Block
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

/** On another member's profile: the status button, Remove when connected, and More (Block, Report). */
export function ProfileConnectionActions({ userId, name }: { userId: string; name: string }) {
  const status = useConnectionStatus(userId);
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const [blocked, setBlocked] = useState(false);

  if (blocked)
    return (
      <Alert tone="info" title={`You blocked ${name}`}>
        They can no longer find you or send you requests.
      </Alert>
    );
  return (
    <div className="flex flex-wrap items-start gap-2">
      {status.data ? (
        <ConnectionActions
          userId={userId}
          name={name}
          status={status.data.status}
          requestId={status.data.requestId}
          size="md"
          withdrawable
          source="profile"
        />
      ) : status.isPending ? (
        <Spinner className="m-3 text-sage-500" />
      ) : null}
      {status.data?.status === 'connected' ? (
        <RemoveConnectionButton userId={userId} name={name} variant="secondary" size="md" />
      ) : null}
      <MoreMenu name={name} onBlock={() => setDialog('block')} onReport={() => setDialog('report')} />
      <BlockDialog
        open={dialog === 'block'}
        onClose={() => setDialog(null)}
        onBlocked={() => {
          setDialog(null);
          setBlocked(true);
        }}
        userId={userId}
        name={name}
      />
      <ReportDialog open={dialog === 'report'} onClose={() => setDialog(null)} userId={userId} name={name} />
    </div>
  );
}
