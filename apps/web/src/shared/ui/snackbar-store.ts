import { useSyncExternalStore } from 'react';

export interface SnackbarMessage {
  id: number;
  message: string;
  /** A button next to the message ('Ok'); pressing it runs onAction and dismisses. */
  action?: { label: string; onAction?: () => void };
  /** Milliseconds before it hides by itself; null keeps it until dismissed. */
  duration: number | null;
}

export type SnackbarInput = Omit<SnackbarMessage, 'id' | 'duration'> & { duration?: number | null };

// A module-level queue so code outside React (the api client) can show
// messages. One snackbar shows at a time; an identical message already queued
// is not queued again (three failing calls give one message, not three).
let queue: SnackbarMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: SnackbarMessage[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

/** Queues a message; returns its id. */
export function showSnackbar(input: SnackbarInput): number {
  const duplicate = queue.find((m) => m.message === input.message);
  if (duplicate) return duplicate.id;
  const message: SnackbarMessage = { duration: 6000, ...input, id: nextId++ };
  emit([...queue, message]);
  return message.id;
}

export function dismissSnackbar(id: number): void {
  if (queue.some((m) => m.id === id)) emit(queue.filter((m) => m.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getCurrent = () => queue[0];

/** The message on screen now, if any. */
export function useCurrentSnackbar(): SnackbarMessage | undefined {
  return useSyncExternalStore(subscribe, getCurrent, getCurrent);
}

/** Drops every message (tests; a full page change). */
export function clearSnackbars(): void {
  if (queue.length) emit([]);
}
