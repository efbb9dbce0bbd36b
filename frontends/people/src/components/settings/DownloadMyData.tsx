import { useRef, useState } from 'react';
import { toApiError } from '@mer/api-client';
import {
  collectMemberData,
  memberDataFileName,
  MemberDataExportError,
  type MemberDataProgress,
} from '../../api/member-data.ts';
import { Alert, Button, DownloadIcon, ProgressBar } from '@mer/design-system';

/** Hands a JSON document to the browser as a file download (a Blob behind a temporary object URL). */
function saveJsonFile(name: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is only freed after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type State =
  | { status: 'idle' }
  | { status: 'collecting'; progress: MemberDataProgress }
  | { status: 'done'; fileName: string }
  | { status: 'failed'; message: string };

/**
 * "Download my data" (Settings → Account): collects every part of MER's export (the parts listed in contracts) and
 * saves one JSON file. If any part fails, no file is saved and the member is told which part and why.
 */
export function DownloadMyData() {
  const [state, setState] = useState<State>({ status: 'idle' });
  const busy = useRef(false);

  async function download() {
    if (busy.current) return;
    busy.current = true;
    setState({ status: 'collecting', progress: { done: 0, total: 1 } });
    try {
      const file = await collectMemberData({
        onProgress: (progress) => setState({ status: 'collecting', progress }),
      });
      const fileName = memberDataFileName(new Date());
      saveJsonFile(fileName, file);
      setState({ status: 'done', fileName });
    } catch (error) {
      const message =
        error instanceof MemberDataExportError
          ? error.message
          : `We could not collect your data: ${toApiError(error).message}`;
      setState({ status: 'failed', message });
    } finally {
      busy.current = false;
    }
  }

  const collecting = state.status === 'collecting';
  return (
    <div className="mt-8 space-y-3 border-t border-sand-200 pt-6" data-testid="download-my-data">
      <h3 className="font-semibold text-ink-800">Your data</h3>
      <p className="text-sm text-ink-600">
        Download everything MER holds about you (your account, profile, chart, membership and the e-mails we
        sent you) as one machine-readable JSON file.
      </p>
      <Button variant="secondary" loading={collecting} onClick={() => void download()}>
        <DownloadIcon className="size-4" /> Download my data
      </Button>
      {collecting ? (
        <div className="space-y-1" role="status">
          <ProgressBar
            label="Collecting your data"
            value={(state.progress.done / Math.max(1, state.progress.total)) * 100}
          />
          <p className="text-sm text-ink-600">
            Collecting your data: {state.progress.done} of {state.progress.total} parts
          </p>
        </div>
      ) : null}
      {state.status === 'done' ? (
        <Alert tone="success" title="Your data is downloaded">
          Saved as {state.fileName}.
        </Alert>
      ) : null}
      {state.status === 'failed' ? (
        <Alert tone="error" title="Download failed">
          {state.message} No file was saved; please try again.
        </Alert>
      ) : null}
    </div>
  );
}
