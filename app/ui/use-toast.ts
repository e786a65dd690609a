// The toast queue: toast() from anywhere, useToasts() in the Toaster. At most one toast shows at a
// time, so a new toast replaces the one on screen. The Toaster's code (Radix Toast) is
// fetched on the first toast, so pages that never show one do not load it.
import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "destructive" | "warning";
export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  /** A further line under the description, kept apart so the description's words stay whole. */
  detail?: string;
  variant?: ToastVariant;
};

export const toastLimit = 1;
export const toastDuration = 5000;

let toasts: ToastMessage[] = [];
let nextId = 1;
let wanted = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(message: Omit<ToastMessage, "id">): number {
  const id = nextId++;
  wanted = true;
  toasts = [{ ...message, id }, ...toasts].slice(0, toastLimit);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noToasts: ToastMessage[] = [];

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
}

/** True once any toast has been asked for: the Toaster mounts (and loads) from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
