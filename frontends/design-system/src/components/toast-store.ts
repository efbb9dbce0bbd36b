import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'error' | 'warning';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  durationMs?: number;
  action?: ToastAction;
  /** A toast with the same key replaces the previous one instead of stacking. */
  key?: string;
}

export interface Toast extends Required<Omit<ToastInput, 'action' | 'description' | 'key'>> {
  id: number;
  key?: string;
  description?: string;
  action?: ToastAction;
}

/** Spec (community, section 9): up to 3 toasts at a time, closing after 4000 ms. */
export const MAX_VISIBLE_TOASTS = 3;
export const DEFAULT_TOAST_DURATION_MS = 4000;

interface ToastState {
  toasts: Toast[];
  push(input: ToastInput): number;
  dismiss(id: number): void;
  clear(): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  push(input) {
    const id = nextId++;
    const toast: Toast = {
      id,
      key: input.key,
      title: input.title,
      description: input.description,
      tone: input.tone ?? 'info',
      durationMs: input.durationMs ?? DEFAULT_TOAST_DURATION_MS,
      action: input.action,
    };
    const kept = get().toasts.filter((t) => !(input.key && t.key === input.key));
    for (const t of get().toasts) if (!kept.includes(t)) clearTimer(t.id);
    const toasts = [...kept, toast];
    while (toasts.length > MAX_VISIBLE_TOASTS) clearTimer(toasts.shift()!.id);
    set({ toasts });
    if (toast.durationMs > 0)
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), toast.durationMs),
      );
    return id;
  },
  dismiss(id) {
    clearTimer(id);
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
  clear() {
    for (const t of get().toasts) clearTimer(t.id);
    set({ toasts: [] });
  },
}));

function clearTimer(id: number) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
}

/** Shows a toast; returns its id. Works from anywhere (components, query callbacks, plain functions). */
export function toast(input: ToastInput): number {
  return useToastStore.getState().push(input);
}
export function dismissToast(id: number): void {
  useToastStore.getState().dismiss(id);
}
