/**
 * What a member can do about another member, from the derived connection status (spec 001 section 4:
 * none, pending_sent, pending_received, connected). One table so the people cards, the profile page and the
 * connections tabs offer the same thing for the same status.
 */
export type ConnectionStatus = 'none' | 'pending_sent' | 'pending_received' | 'connected';

export type ConnectionAction =
  /** Send a request. */
  | { kind: 'connect'; label: 'Connect' }
  /** A request of mine is waiting: shown as Pending, and it can be withdrawn. */
  | { kind: 'pending'; label: 'Pending' }
  /** They asked me: accept (or decline beside it). */
  | { kind: 'accept'; label: 'Accept' }
  /** Connected: the next step is a conversation. */
  | { kind: 'message'; label: 'Message' };

export function actionForStatus(status: ConnectionStatus): ConnectionAction {
  switch (status) {
    case 'none':
      return { kind: 'connect', label: 'Connect' };
    case 'pending_sent':
      return { kind: 'pending', label: 'Pending' };
    case 'pending_received':
      return { kind: 'accept', label: 'Accept' };
    case 'connected':
      return { kind: 'message', label: 'Message' };
  }
}

/** The status a pair moves to when a member's action succeeds (the optimistic view until the server answers). */
export function statusAfter(action: 'send' | 'cancel' | 'accept' | 'decline' | 'remove'): ConnectionStatus {
  switch (action) {
    case 'send':
      return 'pending_sent';
    case 'accept':
      return 'connected';
    case 'cancel':
    case 'decline':
    case 'remove':
      return 'none';
  }
}
