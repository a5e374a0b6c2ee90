import { type ApiAnswer, type RuntimeConfig, RuntimeConfigSchema } from '@shop/domain';
import * as z from 'zod/mini';
import { getConfig, setConfig } from '../config/config-store.ts';
import { getT } from '../i18n/use-t.ts';
import { showSnackbar } from '../ui/snackbar-store.ts';
import { ApiError, type ApiErrorBody, isRetryable } from './api-error.ts';

export type QueryValue = string | number | boolean | undefined;
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method?: ApiMethod;
  /** Relative to the endpoint's root, e.g. 'cart' (storefront) or '/orders' (back office). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A multipart body (file uploads); sent as is. */
  form?: FormData;
  /** Do not show the generic message when the call fails (spec 8: pedidos, product). */
  silent?: boolean;
  /** Cancels the call (a search superseded by the next keystroke); no retry follows. */
  signal?: AbortSignal;
}

/**
 * Where and how one API is reached: the storefront's REST API or the back
 * office's. The client is the same; only these differ.
 */
export interface ApiEndpoint {
  url(path: string, query?: Record<string, QueryValue>): URL;
  headers(method: ApiMethod): Record<string, string>;
  /** Whether a 2xx body is this API's JSON at all (a proxy's page is not: it counts as no answer). */
  isAnswer(body: unknown): boolean;
  /** Waits before each retry of a failure that may pass; three entries = three retries. */
  retryDelaysMs: readonly number[];
  /** Per-attempt time limit. */
  timeoutMs: number;
  /** Sees every answer that passed its schema (the storefront takes its configuration from it). */
  onAnswer?(body: unknown): void;
  /** Called when the retries are spent (the storefront shows the generic message). */
  onGiveUp?(request: ApiRequest): void;
  /** Called on a 401 (the back office shows its log in). */
  onUnauthorized?(request: ApiRequest): void;
  /** The message of an answer that does not match its schema. */
  unexpectedMessage?: string;
}

export const API_PREFIX = 'desktopapp/rest/';
export const DEFAULT_RETRY_DELAYS_MS = [200, 400, 800] as const;

/** `{config.base_url}/desktopapp/rest/{path}?{query}` as an absolute URL. */
export function apiUrl(
  config: Pick<RuntimeConfig, 'base_url'>,
  path: string,
  query?: Record<string, QueryValue>,
) {
  const base = new URL(config.base_url || '/', window.location.href);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = new URL(API_PREFIX + path.replace(/^\//, ''), base);
  setQuery(url, query);
  return url;
}

/** Adds the defined entries of `query` to `url`. */
export function setQuery(url: URL, query?: Record<string, QueryValue>): URL {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Attempt = { body: unknown } | { status: number | null; body?: ApiErrorBody };

async function attempt(endpoint: ApiEndpoint, request: ApiRequest): Promise<Attempt> {
  const method = request.method ?? (request.body === undefined && !request.form ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json', ...endpoint.headers(method) };
  let body: BodyInit | undefined;
  if (request.form) body = request.form;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), endpoint.timeoutMs);
  const cancel = () => controller.abort();
  if (request.signal?.aborted) cancel();
  else request.signal?.addEventListener('abort', cancel);
  try {
    const response = await fetch(endpoint.url(request.path, request.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const json = (await response.json().catch(() => undefined)) as unknown;
    if (response.ok && json !== undefined && endpoint.isAnswer(json)) return { body: json };
    return { status: response.ok ? null : response.status, body: json as ApiErrorBody | undefined };
  } catch (error) {
    if (request.signal?.aborted) throw error;
    return { status: null };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
}

/**
 * The one way the web app calls an API, storefront and back office alike: JSON
 * (or a multipart form) in, JSON out, the session cookie, the endpoint's
 * headers, retries with backoff for failures that may pass, and every answer
 * checked against its domain schema (an answer that does not match is an
 * error, never data). Errors are `ApiError`s with the server's message and
 * per-field errors.
 */
export function createApiClient(endpoint: ApiEndpoint) {
  async function call<S extends z.ZodMiniType>(schema: S, req: ApiRequest): Promise<z.infer<S>> {
    for (let retry = 0; ; retry++) {
      const result = await attempt(endpoint, req);
      // Cancelled while the answer was read: no answer, and its configuration is not taken.
      req.signal?.throwIfAborted();
      if (!('status' in result)) {
        const parsed = z.safeParse(schema, result.body);
        if (!parsed.success) {
          const message = endpoint.unexpectedMessage ?? 'Unexpected answer';
          throw new ApiError(message, 500, { ok: false, message, errors: [] }, false);
        }
        endpoint.onAnswer?.(result.body);
        return parsed.data;
      }
      const message = result.body?.message ?? `HTTP ${result.status ?? 'unreachable'}`;
      if (result.status === 401) endpoint.onUnauthorized?.(req);
      if (!isRetryable(result.status)) throw new ApiError(message, result.status, result.body, false);
      const delay = endpoint.retryDelaysMs[retry];
      if (delay === undefined) {
        if (!req.silent) endpoint.onGiveUp?.(req);
        throw new ApiError(message, result.status, result.body, true);
      }
      await sleep(delay);
    }
  }
  return { call };
}

/**
 * The storefront's endpoint: `{base}/desktopapp/rest/`, the form key, three
 * retries (spec points 7 and 8) then the generic message in a snackbar; a
 * successful answer's `config` replaces the runtime configuration.
 */
export function storefrontEndpoint({
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  timeoutMs = 15_000,
}: Partial<Pick<ApiEndpoint, 'retryDelaysMs' | 'timeoutMs'>> = {}): ApiEndpoint {
  return {
    url: (path, query) => apiUrl(getConfig(), path, query),
    headers: () => ({ 'X-Form-Key': getConfig().form_key }),
    isAnswer: (body) => typeof (body as { ok?: unknown } | null)?.ok === 'boolean',
    retryDelaysMs,
    timeoutMs,
    onAnswer(body) {
      const answer = body as ApiAnswer;
      // The answer's configuration replaces the page's (spec 7), once it reads as one.
      if (answer.ok) {
        const parsed = RuntimeConfigSchema.safeParse(answer.config);
        if (parsed.success) setConfig(parsed.data);
      }
    },
    onGiveUp() {
      const t = getT();
      showSnackbar({ message: t('errors.generic'), action: { label: t('common.ok') }, duration: null });
    },
  };
}

/**
 * The storefront's client. Every call names the domain schema of its answer
 * (the one the server's route answers with): `get(schema, path, query?, opts?)`,
 * `post(schema, path, body, query?)`, or `call(schema, request)`. An answer
 * that does not match it is an `ApiError` and its configuration is not taken.
 */
export function createStorefrontClient(options?: Parameters<typeof storefrontEndpoint>[0]) {
  const { call } = createApiClient(storefrontEndpoint(options));
  return {
    call,
    get: <S extends z.ZodMiniType<ApiAnswer>>(
      schema: S,
      path: string,
      query?: Record<string, QueryValue>,
      opts?: Pick<ApiRequest, 'silent' | 'signal'>,
    ) => call(schema, { method: 'GET', path, query, ...opts }),
    post: <S extends z.ZodMiniType<ApiAnswer>>(
      schema: S,
      path: string,
      body: unknown,
      query?: Record<string, QueryValue>,
    ) => call(schema, { method: 'POST', path, body, query }),
  };
}

export type ApiClient = ReturnType<typeof createStorefrontClient>;

/** The app's client with the spec's retry policy. */
export const api = createStorefrontClient();
