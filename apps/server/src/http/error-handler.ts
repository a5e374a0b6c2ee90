import type { FieldError, Language } from '@shop/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.ts';
import { type HttpMessageKey, httpMessage } from './messages.ts';
import { fieldErrors, type ZodValidationEntry } from './validation-messages.ts';

/** Domain error kinds (STYLE.md 5) and the status each one answers. */
const KIND_STATUS: Record<string, [number, HttpMessageKey]> = {
  not_found: [404, 'not_found'],
  invalid_data: [400, 'validation'],
  not_allowed: [403, 'not_allowed'],
  conflict: [409, 'conflict'],
  payment_failed: [402, 'server_error'],
};

/** Fastify's own request errors (body parsing) and their texts. */
const FASTIFY_CODES: Record<string, [number, HttpMessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformed_json'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'malformed_json'],
};

const STATUS_TEXT: Record<number, HttpMessageKey> = {
  401: 'unauthorized',
  403: 'not_allowed',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

async function languageOf(app: FastifyInstance, request: FastifyRequest): Promise<Language> {
  try {
    return (await app.sessions.peekStore(request))?.language ?? 'es';
  } catch {
    return 'es';
  }
}

const VALIDATED_PART: Record<string, (r: FastifyRequest) => unknown> = {
  body: (r) => r.body,
  querystring: (r) => r.query,
  params: (r) => r.params,
  headers: (r) => r.headers,
};

type AnyError = FastifyError & { kind?: unknown; ok?: unknown };

/** The domain's ApiError shape: `errors` lists fields on a 400 and is empty otherwise. */
function send(reply: FastifyReply, status: number, message: string, errors: FieldError[] = []) {
  return reply.code(status).type('application/json; charset=utf-8').send({ ok: false, message, errors });
}

/**
 * One error handler for the whole app: bad input is a 400 with per-field
 * messages (never a 500), every message is in the store's language, and 5xx
 * bodies carry no internals (they are logged with the request instead).
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler(async (error: AnyError, request, reply) => {
      const language = await languageOf(app, request);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const input = VALIDATED_PART[error.validationContext ?? 'body']?.(request);
        const errors = fieldErrors(error.validation as unknown as ZodValidationEntry[], input, language);
        return send(reply, 400, httpMessage(language, 'validation'), errors);
      }
      if (error instanceof HttpError) {
        return send(reply, error.statusCode, httpMessage(language, error.messageKey));
      }
      const known =
        (typeof error.kind === 'string' ? KIND_STATUS[error.kind] : undefined) ??
        (error.code ? FASTIFY_CODES[error.code] : undefined);
      if (known) return send(reply, known[0], httpMessage(language, known[1]));

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        if (error instanceof SyntaxError) {
          return send(reply, 400, httpMessage(language, 'malformed_json'));
        }
        request.log.info({ err: error }, 'request refused');
        return send(reply, status, httpMessage(language, STATUS_TEXT[status] ?? 'validation'));
      }
      request.log.error({ err: error }, 'request failed');
      return send(reply, 500, httpMessage(language, 'server_error'));
    });

    app.setNotFoundHandler(async (request, reply) => {
      const language = await languageOf(app, request);
      return send(reply, 404, httpMessage(language, 'not_found'));
    });
  },
  { name: 'error-handler', dependencies: ['sessions'] },
);
