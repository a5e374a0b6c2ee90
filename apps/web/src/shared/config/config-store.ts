import type { RuntimeConfig } from '@shop/domain';
import { useSyncExternalStore } from 'react';

// The one place the browser keeps the runtime configuration (spec point 3). The
// host page's copy is parsed once at start (app/runtime-config.ts); a successful
// API answer replaces it (spec point 7), and subscribers such as the header's
// cart indicator re-render.
let current: RuntimeConfig | undefined;
const listeners = new Set<() => void>();

/** The current configuration; throws before start-up has set one. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration has not been loaded yet.');
  return current;
}

/** Replaces the configuration and notifies subscribers ("announces a cart update"). */
export function setConfig(next: RuntimeConfig): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

export function subscribeConfig(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The configuration the server rendered the page with (ADR 009), set in the
 * browser right before hydrating. An API answer that replaces the configuration
 * while React still hydrates a part (a lazy route's Suspense boundary, later
 * under load) would otherwise give that part's first render another cart or
 * log-in state than the server's markup (React #418).
 */
let rendered: RuntimeConfig | undefined;

export function setRenderedConfig(config: RuntimeConfig | undefined): void {
  rendered = config;
}

/** The hydration's snapshot; on the server (nothing set) the current configuration. */
const getServerConfig = (): RuntimeConfig => rendered ?? getConfig();

/** The configuration, re-rendering the caller when it is replaced. */
export function useConfig(): RuntimeConfig {
  return useSyncExternalStore(subscribeConfig, getConfig, getServerConfig);
}
