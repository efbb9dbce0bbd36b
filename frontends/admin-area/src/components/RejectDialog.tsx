import { useEffect, useState } from 'react';
import { Button, Dialog, TextField } from '@mer/design-system';

export interface RejectDialogProps {
  open: boolean;
  /** What is rejected, for the title: `Reject “<name>”?`. */
  name: string;
  /** Who reads the reason, e.g. 'The member who created it sees your reason.' */
  description: string;
  /** Shown under the field when Reject is pressed without a reason. */
  reasonRequired: string;
  maxLength: number;
  sending: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** Rejecting asks for the reason first: nothing is sent until one is written. */
export default function RejectDialog({
  open,
  name,
  description,
  reasonRequired,
  maxLength,
  sending,
  onCancel,
  onReject,
}: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  // Every rejection starts with an empty field.
  useEffect(() => {
    if (!open) return;
    setReason('');
    setProblem(undefined);
  }, [open, name]);

  function reject() {
    const trimmed = reason.trim();
    if (!trimmed) {
      setProblem(reasonRequired);
      return;
    }
    setProblem(undefined);
    onReject(trimmed);
  }

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={open ? `Reject “${name}”?` : ''}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" loading={sending} onClick={reject}>
            Reject
          </Button>
        </>
      }
    >
      <TextField
        label="Reason"
        name="reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={problem}
        maxLength={maxLength}
      />
    </Dialog>
  );
}
