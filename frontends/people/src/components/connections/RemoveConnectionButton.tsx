import { useState } from 'react';
import { toApiError } from '@mer/api-client';
import { Button, Dialog } from '@mer/design-system';
import { useConnectionChange } from '../../api/social-graph-hooks.ts';

/** "Remove connection", confirmed in a dialog (the other member is not told; they simply see none again). */
export function RemoveConnectionButton({
  userId,
  name,
  variant = 'ghost',
  size = 'sm',
}: {
  userId: string;
  name: string;
  variant?: 'ghost' | 'secondary';
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const change = useConnectionChange();
  return (
    <>
      <Button
        variant={variant}
        size={size}
        onClick={() => setOpen(true)}
        aria-label={`Remove connection with ${name}`}
      >
        Remove
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Remove ${name} from your connections?`}
        description="You can send a new request later. They are not notified."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep connection
            </Button>
            <Button
              variant="danger"
              loading={change.isPending}
              onClick={() => change.mutate({ action: 'remove', userId }, { onSuccess: () => setOpen(false) })}
            >
              Remove connection
            </Button>
          </>
        }
      >
        {change.error ? (
          <p role="alert" className="text-sm text-clay-700">
            {toApiError(change.error).message}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
