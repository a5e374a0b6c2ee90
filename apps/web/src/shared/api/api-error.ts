import type { ApiError as ApiErrorAnswer } from '@shop/domain';

/**
 * The error body of a failed call: the domain's error answer (DECISIONS.md
 * "Payloads"), of which a proxy's or a crashed server's body may lack parts.
 */
export type ApiErrorBody = Pick<ApiErrorAnswer, 'ok'> & Partial<Omit<ApiErrorAnswer, 'ok'>>;

/**
 * A call that did not succeed. `status` is the HTTP status of the last
 * attempt, null when the server could not be reached. `gaveUp` is true when
 * the client retried and showed the generic message.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: ApiErrorBody | undefined,
    readonly gaveUp: boolean,
  ) {
    super(message);
  }

  /** Field-by-field messages of a 400 answer, keyed by path. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.body?.errors ?? []).map((e) => [e.path, e.message]));
  }
}

/** Retry a server error, a timeout, throttling or no answer at all; never another 4xx. */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}
