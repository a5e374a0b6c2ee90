import type * as z from 'zod/mini';

/** The back office's API root; the storefront's bundle must never contain it (npm run bench checks). */
export const ADMIN_API = '/admin/api';

/** A refused back-office call: its status and the server's message. */
export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

let csrfToken = '';
let onUnauthorized: () => void = () => {};

/** The session's CSRF token, sent in X-Admin-CSRF with every state-changing call. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** What to do when the session has ended (idle, absolute expiry, logged out elsewhere): show the log in. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * The one caller of /admin/api: JSON in and out, the session cookie (same
 * origin), the CSRF header on writes, and the answer checked against its
 * domain schema. A 401 ends the session in the SPA.
 */
export async function adminCall<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  init: { method?: 'GET' | 'POST' | 'PATCH' | 'PUT'; body?: unknown; form?: FormData } = {},
): Promise<z.infer<S>> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-admin-csrf'] = csrfToken;
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(`${ADMIN_API}${path}`, { method, headers, body, credentials: 'same-origin' });
  const json = (await response.json().catch(() => ({}))) as {
    message?: string;
    errors?: { path: string; message: string }[];
  };
  if (!response.ok) {
    if (response.status === 401 && path !== '/login') onUnauthorized();
    throw new AdminApiError(response.status, json.message ?? `HTTP ${response.status}`, json.errors ?? []);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new AdminApiError(500, 'Respuesta inesperada del servidor');
  return parsed.data;
}

/** Cents as euros, Spanish style: 2076 -> "20,76 €". */
export function euros(cents: number): string {
  return `${(cents / 100).toFixed(2).replace('.', ',')} €`;
}

/** A date and time in Madrid, dd/mm/yyyy hh:mm. */
export function dateTime(iso: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** How long an order has waited: "3 d 4 h", "5 h 10 min", "12 min". */
export function waited(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} d ${hours % 24} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}
