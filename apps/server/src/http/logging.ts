import type { FastifyRequest } from 'fastify';

/** Segments of a URL path that carry personal data (an e-mail in checkEmail/email/{email}...). */
const PERSONAL_SEGMENT = /\/email\/[^/?]+/gi;
/** Query parameters that may carry personal data. */
const PERSONAL_QUERY = /([?&](?:email|term|sociedad|nombre|dni|phone)=)[^&]*/gi;

/** A request's URL for the logs: e-mails and search terms masked. */
export function loggableUrl(url: string): string {
  return url.replace(PERSONAL_SEGMENT, '/email/***').replace(PERSONAL_QUERY, '$1***');
}

/** What a log line's `err` holds. */
export type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

const DATABASE_FIELDS = ['code', 'constraint', 'table', 'column', 'schema', 'routine', 'severity'] as const;

/** True for an error raised by PostgreSQL / PGlite (an SQLSTATE code). */
function isDatabaseError(err: Record<string, unknown>): boolean {
  return typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code);
}

/** Quoted values inside a database message ('invalid input syntax for type integer: "abc"'). */
const scrub = (message: string) =>
  message.replace(/"[^"]*"/g, '"…"').replace(/\([^)]*\)=\([^)]*\)/g, '(…)=(…)');

/**
 * The error serializer of the logs. Database errors keep their SQLSTATE code,
 * constraint, table and column, never the query's parameters nor the row's
 * values (`detail`); a query error (drizzle) keeps the SQL text with its
 * placeholders only. Customers' names, DNI numbers and answers never reach a log.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error) || depth > 3)
    return { type: typeof error, message: String(error), stack: '' };
  const err = error as Error & Record<string, unknown>;
  const out: SerializedError = { type: err.name, message: '', stack: '' };
  if (isDatabaseError(err)) {
    for (const field of DATABASE_FIELDS) if (err[field] !== undefined) out[field] = err[field];
    out.message = scrub(err.message);
  } else if (typeof err.query === 'string') {
    // drizzle's query error: "Failed query: <sql>\nparams: <values>".
    out.message = 'Failed query';
    out.query = err.query;
  } else {
    out.message = err.message;
    if (typeof err.code === 'string') out.code = err.code;
    if (typeof err.statusCode === 'number') out.statusCode = err.statusCode;
  }
  // Only the frames: a multi-line message (drizzle puts the parameters on its second line) stays out.
  out.stack = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** The request as the logs show it. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
