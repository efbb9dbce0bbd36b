import { create } from 'zustand';
import type { Me, Session } from '@mer/contracts';
import { identity } from '@mer/contracts/browser';
import { ApiError } from './errors.ts';
import { transport } from './transport.ts';
import { timing } from './timing.ts';
import {
  StorageKeys,
  clearSignedInState,
  clearSignedOutState,
  readLocal,
  removeLocal,
  writeLocal,
} from './local-state.ts';

/**
 * initializing: the app has not yet heard whether a session exists.
 * invalid: there was a session and the server no longer accepts it (expired, revoked): 'Session Invalid'.
 */
export type SessionStatus = 'initializing' | 'signed-in' | 'signed-out' | 'invalid';

export interface SessionState {
  status: SessionStatus;
  user: Me | null;
  /** Local clock time (ms) when the access token expires. */
  expiresAt: number | null;
  /**
   * The last session on this page ended with a sign-out (here or in another tab), not a visitor arriving: the
   * guard then remembers no page for the next login (spec: sign-out removes the post-login redirect).
   */
  signedOutHere: boolean;
}

export const useSessionStore = create<SessionState>(() => ({
  status: 'initializing',
  user: null,
  expiresAt: null,
  signedOutHere: false,
}));

/** The access token lives only in this module's memory; a reload gets a new one through the refresh cookie. */
let accessToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshInFlight: Promise<boolean> | null = null;
let initialization: Promise<void> | null = null;
let channel: BroadcastChannel | null = null;

type TabMessage = { type: 'signed-in' } | { type: 'signed-out' };

export function getAccessToken(): string | null {
  return accessToken;
}

/**
 * Starts the session once per page: asks identity for an access token with the refresh cookie.
 * Visitors who never signed in on this browser skip the call. Gives up after the spec's 8 s.
 */
export function initializeSession(): Promise<void> {
  if (initialization) return initialization;
  listenToOtherTabs();
  document.addEventListener('visibilitychange', refreshIfNearExpiry);
  initialization = (async () => {
    if (!readLocal(StorageKeys.sessionHint)) {
      useSessionStore.setState({ status: 'signed-out', user: null, expiresAt: null });
      return;
    }
    await refreshSession({ timeoutMs: timing('authTimeoutMs') });
    if (useSessionStore.getState().status === 'initializing') {
      useSessionStore.setState({ status: 'signed-out' });
    }
  })();
  return initialization;
}

/** Resolves once the first session answer is in (or the 8 s time-out passed). */
export function whenSessionReady(): Promise<void> {
  return initialization ?? initializeSession();
}

/** Keeps a session returned by login, sign-up or refresh, and schedules the silent refresh before it expires. */
export function establishSession(session: Session, options: { newSignIn: boolean }): void {
  accessToken = session.accessToken;
  const expiresAt = Date.now() + session.expiresIn * 1000;
  useSessionStore.setState({ status: 'signed-in', user: session.user, expiresAt, signedOutHere: false });
  writeLocal(StorageKeys.sessionHint, '1');
  scheduleRefresh(expiresAt);
  if (options.newSignIn) {
    broadcast({ type: 'signed-in' });
    // Spec: on sign-in the generic onboarding and sign-up state is cleared, 500 ms later (the query cache,
    // in @mer/server-state, refreshes itself on the same transition).
    setTimeout(clearSignedInState, 500);
  }
}

/** Replaces the signed-in user's data (e.g. after /me). */
export function updateSessionUser(user: Me): void {
  if (useSessionStore.getState().status === 'signed-in') useSessionStore.setState({ user });
}

function scheduleRefresh(expiresAt: number) {
  clearTimeout(refreshTimer);
  const lifetime = expiresAt - Date.now();
  const lead = Math.min(timing('tokenRefreshLeadMs'), lifetime / 4);
  refreshTimer = setTimeout(() => void refreshSession(), Math.max(1_000, lifetime - lead));
}

function refreshIfNearExpiry() {
  if (document.visibilityState !== 'visible') return;
  const { status, expiresAt } = useSessionStore.getState();
  if (status === 'signed-in' && expiresAt && expiresAt - Date.now() < timing('tokenRefreshLeadMs'))
    void refreshSession();
}

/**
 * Gets a new access token through the HttpOnly refresh cookie. Calls from several tabs are serialised with a
 * Web Lock, because identity rotates the refresh token and treats a reused one as theft (it revokes the family).
 * Returns false when there is no valid session; the state becomes 'invalid' if the user was signed in.
 */
export function refreshSession(options: { timeoutMs?: number } = {}): Promise<boolean> {
  if (refreshInFlight) return refreshInFlight;
  const run = async (): Promise<boolean> => {
    const wasSignedIn = useSessionStore.getState().status === 'signed-in';
    try {
      const session = await transport<Session>(identity.refreshSession.method, identity.refreshSession.path, {
        timeoutMs: options.timeoutMs ?? 15_000,
      });
      establishSession(session, { newSignIn: false });
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        accessToken = null;
        clearTimeout(refreshTimer);
        removeLocal(StorageKeys.sessionHint);
        useSessionStore.setState({
          status: wasSignedIn ? 'invalid' : 'signed-out',
          expiresAt: null,
          ...(wasSignedIn ? {} : { user: null }),
        });
      } else if (wasSignedIn) {
        // The server could not be reached: keep the session and try again shortly.
        clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => void refreshSession(), 15_000);
      }
      return false;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const viaLock = async (): Promise<boolean> => await locks!.request('mer-session-refresh', run);
  const pending: Promise<boolean> = (locks ? viaLock() : run()).finally(() => {
    refreshInFlight = null;
  });
  refreshInFlight = pending;
  return pending;
}

/** Marks the current session as no longer accepted (e.g. revoked by an admin): the guard shows 'Session Invalid'. */
export function markSessionInvalid(): void {
  if (useSessionStore.getState().status !== 'signed-in') return;
  accessToken = null;
  clearTimeout(refreshTimer);
  removeLocal(StorageKeys.sessionHint);
  useSessionStore.setState({ status: 'invalid', expiresAt: null });
}

/**
 * Signs out: revokes the session on the server (a session the server no longer knows is fine), then clears the
 * access token, the query cache and the local state the spec lists, in this tab and the others.
 * Resolves with ok=false when the server could not be reached (the local sign-out still happens).
 */
export async function signOut(): Promise<{ ok: boolean }> {
  let ok = true;
  try {
    await transport(identity.deleteCurrentSession.method, identity.deleteCurrentSession.path, {
      accessToken,
      timeoutMs: 5_000,
    });
  } catch (error) {
    ok = error instanceof ApiError && error.status >= 400 && error.status < 500;
  }
  clearLocalSession();
  broadcast({ type: 'signed-out' });
  return { ok };
}

function clearLocalSession() {
  accessToken = null;
  clearTimeout(refreshTimer);
  clearSignedOutState();
  // @mer/server-state clears the query cache when it sees this transition.
  useSessionStore.setState({ status: 'signed-out', user: null, expiresAt: null, signedOutHere: true });
}

function listenToOtherTabs() {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel('mer-session');
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    if (event.data?.type === 'signed-out' && useSessionStore.getState().status !== 'signed-out')
      clearLocalSession();
    if (event.data?.type === 'signed-in' && useSessionStore.getState().status !== 'signed-in')
      void refreshSession();
  };
}

function broadcast(message: TabMessage) {
  channel?.postMessage(message);
}
