import type { MyProfile } from '@mer/contracts';

/**
 * Optimistic profile edits (spec 000 section 8: 'The optimistic change is rolled back'). The state keeps the
 * profile the server last confirmed and the edits still in flight; what the page shows is the confirmed
 * profile with the pending edits applied in order. A failed edit is dropped, which rolls back exactly that
 * edit and keeps any later one still in flight.
 */
export interface OptimisticProfileState {
  confirmed: MyProfile | null;
  pending: { id: number; changes: Partial<MyProfile> }[];
}

export type OptimisticProfileAction =
  | { type: 'loaded'; profile: MyProfile }
  | { type: 'edited'; id: number; changes: Partial<MyProfile> }
  | { type: 'confirmed'; id: number; profile: MyProfile }
  | { type: 'failed'; id: number };

export const initialOptimisticProfile: OptimisticProfileState = { confirmed: null, pending: [] };

export function optimisticProfileReducer(
  state: OptimisticProfileState,
  action: OptimisticProfileAction,
): OptimisticProfileState {
  switch (action.type) {
    case 'loaded':
      return { ...state, confirmed: action.profile };
    case 'edited':
      return { ...state, pending: [...state.pending, { id: action.id, changes: action.changes }] };
    case 'confirmed':
      return { confirmed: action.profile, pending: state.pending.filter((p) => p.id !== action.id) };
    case 'failed':
      return { ...state, pending: state.pending.filter((p) => p.id !== action.id) };
  }
}

/** The profile as the member should see it now. */
export function visibleProfile(state: OptimisticProfileState): MyProfile | null {
  if (!state.confirmed) return null;
  return state.pending.reduce<MyProfile>(
    (profile, edit) => ({ ...profile, ...edit.changes }),
    state.confirmed,
  );
}

export function isSaving(state: OptimisticProfileState): boolean {
  return state.pending.length > 0;
}
