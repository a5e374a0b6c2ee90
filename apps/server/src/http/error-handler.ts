import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { type FieldError, type Language, storeLanguage } from '@shop/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode, type ErrorKind } from './app-error.ts';
import { translate, validationText } from './translate.ts';
import { fieldErrors, type ZodValidationEntry } from './validation-messages.ts';

/** Fastify's own request errors (body parsing) as application errors. */
const FASTIFY_ERRORS: Record<string, [ErrorKind, ErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_data', 'malformedJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_data', 'malformedJson'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid_data', 'malformedRequest'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported', 'unsupportedMediaType'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['too_large', 'payloadTooLarge'],
};

/** Other 4xx errors thrown by plugins (rate limit...), by status. */
const STATUS_ERRORS: Record<number, [ErrorKind, ErrorCode]> = {
  400: ['invalid_data', 'malformedRequest'],
  401: ['unauthorized', 'unauthorized'],
  403: ['not_allowed', 'notAllowed'],
  404: ['not_found', 'notFound'],
  409: ['conflict', 'conflict'],
  413: ['too_large', 'payloadTooLarge'],
  415: ['unsupported', 'unsupportedMediaType'],
  429: ['throttled', 'tooManyRequests'],
};

const VALIDATED_PART: Record<string, (r: FastifyRequest) => unknown> = {
  body: (r) => r.body,
  querystring: (r) => r.query,
  params: (r) => r.params,
  headers: (r) => r.headers,
};

/**
 * The answer of every failure (DECISIONS.md "Payloads"): `errors` lists fields
 * on a 400, empty otherwise; `request_id` is the X-Request-Id the logs carry.
 */
function send(reply: FastifyReply, status: number, message: string, errors: FieldError[] = []) {
  return reply
    .code(status)
    .header('x-request-id', reply.request.id)
    .type('application/json; charset=utf-8')
    .send({ ok: false, message, errors, request_id: reply.request.id });
}

/** The application error an error stands for; null when it is unexpected (a 500). */
function asAppError(error: FastifyError): AppError | null {
  if (error instanceof AppError) return error;
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return new AppError(...known);
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    if (error instanceof SyntaxError) return new AppError('invalid_data', 'malformedJson');
    const [kind, code] = STATUS_ERRORS[status] ?? ['invalid_data', 'malformedRequest'];
    return new AppError(kind, code);
  }
  return null;
}

/**
 * The one error handler: bad input is a 400 with per-field messages (never a
 * 500), an AppError answers its kind's status, every text comes from the i18n
 * catalogues in the store's language, and 5xx bodies carry no internals (they
 * are logged with the request instead).
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    const languageOf = async (request: FastifyRequest): Promise<Language> => {
      try {
        return (await app.requestStore(request))?.language ?? 'es';
      } catch {
        return 'es';
      }
    };

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const language = await languageOf(request);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const input = VALIDATED_PART[error.validationContext ?? 'body']?.(request);
        const errors = fieldErrors(error.validation as unknown as ZodValidationEntry[], input, language);
        return send(reply, 400, translate(language, 'apiErrors.validation'), errors);
      }
      const known = asAppError(error);
      if (known) {
        if (known.status !== 400) request.log.info({ code: known.code }, 'request refused');
        const errors = known.fieldErrors.map((e) => ({
          path: e.path,
          message: validationText(language, e.message),
        }));
        return send(reply, known.status, translate(language, `apiErrors.${known.code}`), errors);
      }
      request.log.error({ err: error }, 'request failed');
      return send(reply, 500, translate(language, 'errors.generic'));
    });

    app.setNotFoundHandler(async (request, reply) => {
      const language = await languageOf(request);
      return send(reply, 404, translate(language, 'apiErrors.notFound'));
    });
  },
  { name: 'error-handler', dependencies: ['sessions'] },
);

/** The language a request names with `?store_id=` in its raw URL (no routing, no session): else Spanish. */
function rawUrlLanguage(url: string | undefined): Language {
  const match = /[?&]store_id=(\d{1,3})(?:&|$)/.exec(url ?? '');
  return match?.[1] ? storeLanguage(Number(match[1])) : 'es';
}

/**
 * Fastify's errors raised before routing (a URL that does not decode, `/%ff`):
 * a 400 in the shop's error format instead of the framework's own body.
 */
export function badUrlHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const language = rawUrlLanguage(request.raw.url);
  void send(reply, 400, translate(language, 'apiErrors.malformedRequest'));
  request.log.info({ code: error.code }, 'request refused before routing');
}

/**
 * What the HTTP parser refuses before Fastify sees a request (headers over the
 * size limit: 431; anything else malformed: 400), answered in the shop's error
 * format; the connection is then closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Node's request timer (REQUEST_TIMEOUT_MS, headersTimeout): 408, as Node's own answer says.
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const reason = { 431: 'Request Header Fields Too Large', 408: 'Request Timeout', 400: 'Bad Request' }[
    status
  ];
  // No request was parsed, so no id came with it: a new one, logged nowhere but answered.
  const requestId = randomUUID();
  const body = JSON.stringify({
    ok: false,
    message: translate('es', 'apiErrors.malformedRequest'),
    errors: [],
    request_id: requestId,
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${requestId}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
