import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code running for one request or one job knows of its origin: the
 * request id (X-Request-Id), and inside a job its id. `enqueue` copies the
 * request id into every job a request (or a job) creates; the worker runs the
 * job inside a context of its own, and every log line written there carries
 * `reqId` and `jobId` (the logger's mixin, app.ts).
 */
export interface RequestContext {
  requestId: string;
  /** Set while a job runs. */
  jobId?: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The request id of the request or job running now; undefined outside both (start-up, timers). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** The fields a log line written inside a job gets (request log lines already carry `reqId`). */
export function jobLogFields(): Record<string, string> {
  const store = requestContext.getStore();
  return store?.jobId ? { reqId: store.requestId, jobId: store.jobId } : {};
}
