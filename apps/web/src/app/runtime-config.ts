import { type RuntimeConfig, RuntimeConfigSchema } from '@shop/domain';
import * as z from 'zod/mini';

export const CONFIG_ELEMENT_ID = 'app-config';

declare global {
  interface Window {
    /** Embedded mode: the third-party host page sets this before loading the app. */
    appConfig?: unknown;
  }
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** Validates a configuration object with the domain schema; the error lists every bad field. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const result = RuntimeConfigSchema.safeParse(input);
  if (!result.success) {
    throw new RuntimeConfigError(`Invalid runtime configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/**
 * Reads the configuration the host page carries: the server's
 * `<script type="application/json" id="app-config">`, or `window.appConfig` when
 * the shop is embedded in a third-party page. Returns undefined when neither is
 * there (the Vite dev server's page).
 */
export function readEmbeddedConfig(doc: Document, win: Window): RuntimeConfig | undefined {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  if (element?.textContent) {
    let json: unknown;
    try {
      json = JSON.parse(element.textContent);
    } catch {
      throw new RuntimeConfigError('The #app-config element does not hold valid JSON.');
    }
    return parseRuntimeConfig(json);
  }
  if (win.appConfig !== undefined)
    return parseRuntimeConfig({ ...(win.appConfig as object), embedded: true });
  return undefined;
}

/**
 * The page's configuration, or the API's when the page has none (the Vite dev
 * server's page). That one call is made with fetch, not the API client: the
 * client's endpoint reads the configuration this call is fetching (base URL,
 * form key), and the entry chunk stays without the client (ADR 009,
 * docs/decisions/035). parseRuntimeConfig checks it with the domain's schema.
 */
export async function loadRuntimeConfig(doc: Document, win: Window): Promise<RuntimeConfig> {
  const embedded = readEmbeddedConfig(doc, win);
  if (embedded) return embedded;
  const response = await fetch(`/desktopapp/rest/config${win.location.search}`, {
    credentials: 'same-origin',
  });
  const body = (await response.json()) as { config?: unknown };
  return parseRuntimeConfig(body.config);
}
