import { useSyncExternalStore } from 'react';

/** Our own notifier (no antd on public pages): toasts rendered by <Toaster/> in aria-live regions. */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

/** Spec 8.1 / 9: error notices stay 5 seconds. */
export const NOTICE_MS = 5000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const l of listeners) l();
}

function show(kind: ToastKind, message: string, duration = NOTICE_MS): number {
  // The same text twice in a row (e.g. two failing requests) is shown once.
  const existing = toasts.find((t) => t.kind === kind && t.message === message);
  if (existing) dismiss(existing.id);
  const id = nextId++;
  emit([...toasts, { id, kind, message, duration }].slice(-3));
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  return id;
}

function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

export const notify = {
  error: (message: string, duration?: number) => show('error', message, duration),
  success: (message: string, duration?: number) => show('success', message, duration),
  info: (message: string, duration?: number) => show('info', message, duration),
  warning: (message: string, duration?: number) => show('warning', message, duration),
  dismiss,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): readonly Toast[] {
  return toasts;
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
