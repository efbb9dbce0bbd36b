import { create } from 'zustand';
import { getAccessToken, markSessionInvalid, refreshSession, useSessionStore } from '@mer/api-client';
import type { RealtimeMessage } from '@mer/contracts';

/** Spec 001: channel states disconnected (no user), connecting, connected, error. */
export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

export const useRealtimeStatus = create<{ status: RealtimeStatus }>(() => ({ status: 'disconnected' }));

/** Spec 001 section 9: heartbeat 30 s, timeout 10 s, reconnect backoff 1, 2, 5, 10 s. */
const HEARTBEAT_MS = 30_000;
const PONG_TIMEOUT_MS = 10_000;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000];
/** The gateway's close code for "get a fresh access token, then reconnect". */
const UNAUTHENTICATED = 4401;

type Handler = (message: RealtimeMessage) => void;
const handlers = new Map<string, Set<Handler>>();

/** Listens to one message type from /ws (e.g. 'session.revoked'); returns the unsubscribe function. */
export function onRealtimeMessage(type: string, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  return () => set!.delete(handler);
}

let socket: WebSocket | null = null;
let running = false;
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
let pongTimer: ReturnType<typeof setTimeout> | undefined;
let unsubscribeSession: (() => void) | null = null;

function setStatus(status: RealtimeStatus) {
  useRealtimeStatus.setState({ status });
}

function connect() {
  const token = getAccessToken();
  if (!running || !token) return;
  setStatus('connecting');
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: getAccessToken() }));
  ws.onmessage = (event) => {
    let message: RealtimeMessage;
    try {
      message = JSON.parse(String(event.data)) as RealtimeMessage;
    } catch {
      return;
    }
    if (message.type === 'ready') {
      attempt = 0;
      setStatus('connected');
      startHeartbeat(ws);
    } else if (message.type === 'pong') {
      clearTimeout(pongTimer);
    } else if (message.type === 'session.revoked') {
      // The member's sessions were ended (by an admin, a password change, or the member elsewhere).
      markSessionInvalid();
    }
    for (const handler of handlers.get(message.type) ?? []) handler(message);
  };
  ws.onclose = (event) => {
    stopHeartbeat();
    if (socket === ws) socket = null;
    if (!running) {
      setStatus('disconnected');
      return;
    }
    setStatus('error');
    if (event.code === UNAUTHENTICATED) {
      // Expired or revoked: a refresh tells which (a refused refresh shows 'Session Invalid').
      void refreshSession().then((ok) => ok && scheduleReconnect());
    } else scheduleReconnect();
  };
}

function scheduleReconnect() {
  clearTimeout(reconnectTimer);
  const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
  attempt += 1;
  reconnectTimer = setTimeout(connect, delay);
}

function startHeartbeat(ws: WebSocket) {
  stopHeartbeat();
  heartbeatTimer = setInterval(() => {
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify({ type: 'ping' }));
    clearTimeout(pongTimer);
    pongTimer = setTimeout(() => ws.close(), PONG_TIMEOUT_MS);
  }, HEARTBEAT_MS);
}

function stopHeartbeat() {
  clearInterval(heartbeatTimer);
  clearTimeout(pongTimer);
}

/** Opens the member's realtime channel (only signed-in members get one) and keeps it open. */
export function startRealtime(): void {
  if (running) return;
  running = true;
  attempt = 0;
  // A refreshed access token keeps the socket open past the old token's expiry.
  unsubscribeSession = useSessionStore.subscribe((state, previous) => {
    if (state.expiresAt !== previous.expiresAt && socket?.readyState === WebSocket.OPEN && getAccessToken()) {
      socket.send(JSON.stringify({ type: 'auth', token: getAccessToken() }));
    }
  });
  connect();
}

export function stopRealtime(): void {
  running = false;
  clearTimeout(reconnectTimer);
  stopHeartbeat();
  unsubscribeSession?.();
  unsubscribeSession = null;
  socket?.close(1000, 'signed out');
  socket = null;
  setStatus('disconnected');
}
