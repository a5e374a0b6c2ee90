import type * as z from 'zod/mini';
import { type ApiMethod, type ApiRequest, createApiClient, setQuery } from '../shared/api/client.ts';

export { ApiError } from '../shared/api/api-error.ts';

/** The back office's API root; the storefront's bundle must never contain it (npm run bench checks). */
export const ADMIN_API = '/admin/api';

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
 * The back office's endpoint of the one API client (shared/api/client.ts):
 * /admin/api, the session cookie (same origin), the CSRF header on writes, no
 * retries of its own (TanStack Query retries reads), and a 401 (other than a
 * failed log in) ends the session in the SPA.
 */
const admin = createApiClient({
  url: (path, query) => setQuery(new URL(`${ADMIN_API}${path}`, window.location.href), query),
  headers: (method: ApiMethod): Record<string, string> =>
    method === 'GET' ? {} : { 'X-Admin-CSRF': csrfToken },
  isAnswer: (body) => typeof body === 'object' && body !== null,
  retryDelaysMs: [],
  timeoutMs: 60_000,
  unexpectedMessage: 'Respuesta inesperada del servidor',
  onUnauthorized: (request) => {
    if (request.path !== '/login') onUnauthorized();
  },
});

/** One back-office call, its answer checked against the domain schema `schema`. */
export function adminCall<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  init: Omit<ApiRequest, 'path'> = {},
): Promise<z.infer<S>> {
  return admin.call(schema, { ...init, path });
}

/** The message to show for a failed call. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Error';
}
