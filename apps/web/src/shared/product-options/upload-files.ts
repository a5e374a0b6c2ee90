import { UploadAnswerSchema } from '@shop/domain';
import * as z from 'zod/mini';
import { isRetryable } from '../api/api-error.ts';
import { apiUrl, DEFAULT_RETRY_DELAYS_MS } from '../api/client.ts';
import { getConfig, setConfig } from '../config/config-store.ts';
import type { UploadedFile } from './option-rules.ts';

export interface UploadRequest {
  optionId: number;
  /** The order the files are for (an incident form's); without it the cart's quote. */
  orderId?: string | undefined;
  files: readonly File[];
  /** Called with 0..100 as the bytes go out (each retry starts again from 0). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  retryDelaysMs?: readonly number[];
}

/**
 * A refused or failed upload. `serverMessage` is the server's own translated
 * text (413 too large, 415/400 wrong type); null when the server gave none
 * (no connection, or it kept failing).
 */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    readonly status: number | null,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `upload failed (${status ?? 'no answer'})`);
  }
}

type Attempt = { files: UploadedFile[] } | { status: number | null; message: string | null };

/**
 * A 2xx answer is the domain's UploadAnswerSchema (the server answers through
 * it) or no answer at all; its config replaces the page's.
 */
function readAnswer(xhr: XMLHttpRequest): Attempt {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = null;
  }
  const ok = xhr.status >= 200 && xhr.status < 300;
  const parsed = ok ? z.safeParse(UploadAnswerSchema, body) : undefined;
  if (parsed?.success) {
    setConfig(parsed.data.config);
    return { files: parsed.data.files };
  }
  const message = (body as { message?: unknown } | null)?.message;
  return { status: ok ? null : xhr.status || null, message: typeof message === 'string' ? message : null };
}

function send(request: UploadRequest): Promise<Attempt> {
  const config = getConfig();
  // The order when one is named; else the cart's quote (without one yet the server starts the session's quote).
  const target = request.orderId ?? config.cart.quote_id ?? undefined;
  const url = apiUrl(config, 'pushFilesToPedido/', { order_id: target });
  const body = new FormData();
  body.append('option_id', String(request.optionId));
  for (const file of request.files) body.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('POST', url.toString());
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Form-Key', config.form_key);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        request.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      request.signal?.removeEventListener('abort', onAbort);
      resolve(readAnswer(xhr));
    };
    xhr.onerror = () => {
      request.signal?.removeEventListener('abort', onAbort);
      resolve({ status: null, message: null });
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.signal?.addEventListener('abort', onAbort, { once: true });
    request.onProgress?.(0);
    xhr.send(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST pushFilesToPedido/?order_id={quote or order} (spec 7): multipart with option_id and
 * the files, through XMLHttpRequest so the progress can be shown. Retried like
 * every call (spec 9) when the server could not answer; a refusal (413, 415,
 * 400) is not retried. A successful answer's config replaces the configuration.
 */
export async function uploadFiles(request: UploadRequest): Promise<UploadedFile[]> {
  const delays = request.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  for (let retry = 0; ; retry++) {
    const result = await send(request);
    if ('files' in result) {
      request.onProgress?.(100);
      return result.files;
    }
    const delay = delays[retry];
    if (!isRetryable(result.status) || delay === undefined) {
      throw new UploadError(result.status, result.message);
    }
    await sleep(delay);
  }
}
