import { StorageKeys, readLocalJson, removeLocal, writeLocalJson } from '@mer/api-client';

/** Sign-up state kept in local storage (spec: the code and discount data are restored on return). */
export interface SignupState {
  invitationCode: string;
  discountPercent: number | null;
  /** Filled when the member came through the waiting list. */
  waitingList?: { name: string; email: string };
}

export function readSignupState(): SignupState | null {
  const state = readLocalJson<SignupState>(StorageKeys.signupState);
  return state && typeof state.invitationCode === 'string' ? state : null;
}

export function saveSignupState(state: SignupState): void {
  writeLocalJson(StorageKeys.signupState, state);
}

export function clearSignupState(): void {
  removeLocal(StorageKeys.signupState);
}
