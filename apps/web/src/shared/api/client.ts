import { type ApiAnswer, type RuntimeConfig, RuntimeConfigSchema } from '@shop/domain';
import { getConfig, setConfig } from '../config/config-store.ts';
import { getT } from '../i18n/use-t.ts';
import { showSnackbar } from '../ui/snackbar-store.ts';
import { ApiError, type ApiErrorBody, isRetryable } from './api-error.ts';

export type QueryValue = string | number | boolean | undefined;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to `{base}/desktopapp/rest/`, e.g. 'cart' or 'delquoteitem'. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Do not show the generic message when the call fails (spec 8: pedidos, product). */
  silent?: boolean;
}

export interface ApiClientOptions {
  /** Waits before each retry; three entries = three retries (spec point 9). */
  retryDelaysMs?: readonly number[];
  /** Per-attempt time limit. */
  timeoutMs?: number;
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
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Attempt = { answer: ApiAnswer } | { status: number | null; body?: ApiErrorBody };

async function attempt(request: ApiRequest, timeoutMs: number): Promise<Attempt> {
  const config = getConfig();
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Form-Key': config.form_key };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(apiUrl(config, request.path, request.query), {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const body = (await response.json().catch(() => undefined)) as ApiAnswer | undefined;
    // A 2xx that is not our JSON (a proxy's page) counts as no answer.
    if (response.ok && body && typeof body.ok === 'boolean') return { answer: body };
    return { status: response.ok ? null : response.status, body: body as ApiErrorBody | undefined };
  } catch {
    return { status: null };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The storefront's only way to call the API: JSON in and out, the session
 * cookie, the form key, three retries with backoff for failures that may pass
 * (spec points 7 and 8), then the generic message in a snackbar. A successful
 * answer's `config` replaces the runtime configuration.
 */
export function createApiClient({
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  timeoutMs = 15_000,
}: ApiClientOptions = {}) {
  async function request<T extends ApiAnswer = ApiAnswer>(req: ApiRequest): Promise<T> {
    for (let retry = 0; ; retry++) {
      const result = await attempt(req, timeoutMs);
      if ('answer' in result) {
        const { answer } = result;
        // The answer's configuration replaces the page's (spec 7), once it reads as one.
        if (answer.ok) {
          const parsed = RuntimeConfigSchema.safeParse(answer.config);
          if (parsed.success) setConfig(parsed.data);
        }
        return answer as T;
      }
      const message = result.body?.message ?? `HTTP ${result.status ?? 'unreachable'}`;
      if (!isRetryable(result.status)) throw new ApiError(message, result.status, result.body, false);
      const delay = retryDelaysMs[retry];
      if (delay === undefined) {
        if (!req.silent) {
          const t = getT();
          showSnackbar({ message: t('errors.generic'), action: { label: t('common.ok') }, duration: null });
        }
        throw new ApiError(message, result.status, result.body, true);
      }
      await sleep(delay);
    }
  }

  return {
    request,
    get: <T extends ApiAnswer = ApiAnswer>(
      path: string,
      query?: Record<string, QueryValue>,
      opts?: Pick<ApiRequest, 'silent'>,
    ) => request<T>({ method: 'GET', path, query, ...opts }),
    post: <T extends ApiAnswer = ApiAnswer>(
      path: string,
      body: unknown,
      query?: Record<string, QueryValue>,
    ) => request<T>({ method: 'POST', path, body, query }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client with the spec's retry policy. */
export const api = createApiClient();
