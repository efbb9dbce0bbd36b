import { toApiError } from '@mer/api-client';
import { Link } from '@mer/router';
import { Button, ChatIcon, CheckIcon, PlusSquareIcon, buttonClassName } from '@mer/design-system';
import { useConnectionChange, useSocialGraphAccess } from '../../api/social-graph-hooks.ts';
import type { RequestSource } from '../../api/social-graph.ts';
import { actionForStatus, type ConnectionStatus } from '../../domain/connection-actions.ts';

/**
 * The status button for one member: Connect / Pending / Accept (with Decline) / Message, by the derived
 * status. `size` 'sm' on cards, 'md' on the profile. Names are in the labels so a screen reader hears
 * "Connect with Ana Lima", not a list of identical "Connect" buttons.
 */
export function ConnectionActions({
  userId,
  name,
  status,
  requestId,
  size = 'sm',
  withdrawable = false,
  source,
}: {
  userId: string;
  name: string;
  status: ConnectionStatus;
  /** The live request behind a pending or connected status. */
  requestId: string | null;
  size?: 'sm' | 'md';
  /** Offer "Withdraw" beside Pending (the sent tab and the profile page). */
  withdrawable?: boolean;
  /** Where the member found this person (sent with a request). */
  source?: RequestSource;
}) {
  const change = useConnectionChange();
  // Without an active membership a member may not send or accept (the page says so once, in a notice); declining,
  // withdrawing and removing stay open. Unknown access does not hide anything: the server has the last word.
  const canConnect = useSocialGraphAccess().data?.canConnect !== false;
  const action = actionForStatus(status);
  const busy = change.isPending;
  const error = change.error ? toApiError(change.error).message : null;

  let buttons;
  switch (action.kind) {
    case 'connect':
      buttons = !canConnect ? null : (
        <Button
          size={size}
          loading={busy}
          icon={<PlusSquareIcon className="size-4" />}
          aria-label={`Connect with ${name}`}
          onClick={() => change.mutate({ action: 'send', userId, source })}
        >
          Connect
        </Button>
      );
      break;
    case 'pending':
      buttons = (
        <>
          <span
            className={buttonClassName('quiet', size, 'cursor-default')}
            aria-label={`Pending: your request to ${name} is waiting`}
          >
            Pending
          </span>
          {withdrawable && requestId ? (
            <Button
              size={size}
              variant="ghost"
              loading={busy}
              aria-label={`Withdraw your request to ${name}`}
              onClick={() => change.mutate({ action: 'cancel', userId, requestId })}
            >
              Withdraw
            </Button>
          ) : null}
        </>
      );
      break;
    case 'accept':
      buttons = requestId ? (
        <>
          {canConnect ? (
            <Button
              size={size}
              loading={busy}
              icon={<CheckIcon className="size-4" />}
              aria-label={`Accept ${name}'s request`}
              onClick={() => change.mutate({ action: 'accept', userId, requestId })}
            >
              Accept
            </Button>
          ) : null}
          <Button
            size={size}
            variant="secondary"
            disabled={busy}
            aria-label={`Decline ${name}'s request`}
            onClick={() => change.mutate({ action: 'decline', userId, requestId })}
          >
            Decline
          </Button>
        </>
      ) : null;
      break;
    case 'message':
      buttons = (
        <Link
          to={`/messages?to=${encodeURIComponent(userId)}`}
          className={buttonClassName('secondary', size)}
          aria-label={`Message ${name}`}
        >
          <ChatIcon className="size-4" aria-hidden="true" /> Message
        </Link>
      );
      break;
  }
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">{buttons}</div>
      {error ? (
        <p role="alert" className="text-sm text-clay-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
