import { type FieldError, isValidationCode, type Language } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { httpMessage } from '../../http/messages.ts';
import { validationCodeText } from '../../http/validation-messages.ts';
import { type CartMessageKey, cartMessage } from './cart-messages.ts';

/** One failed field whose message is a validation code (packages/domain VALIDATION_CODES). */
export type CodedFieldError = FieldError;

/**
 * An expected failure of a cart or upload call, answered `{ ok: false, message,
 * errors }` with the texts in the store's language.
 */
export class CartError extends Error {
  readonly statusCode: number;
  readonly messageKey: CartMessageKey | 'validation' | 'not_found';
  readonly errors: CodedFieldError[];

  constructor(statusCode: number, messageKey: CartError['messageKey'], errors: CodedFieldError[] = []) {
    super(messageKey);
    this.name = 'CartError';
    this.statusCode = statusCode;
    this.messageKey = messageKey;
    this.errors = errors;
  }
}

/** A 400 with per-field errors. */
export const invalidForm = (errors: CodedFieldError[]) => new CartError(400, 'validation', errors);

export function translateErrors(errors: CodedFieldError[], language: Language): FieldError[] {
  return errors.map(({ path, message }) => ({
    path,
    message: validationCodeText(language, isValidationCode(message) ? message : 'invalid_value'),
  }));
}

function messageOf(error: CartError, language: Language): string {
  if (error.messageKey === 'validation' || error.messageKey === 'not_found')
    return httpMessage(language, error.messageKey);
  return cartMessage(language, error.messageKey);
}

/**
 * Error handler of the cart and upload routes for CartError; anything else
 * (schema validation included) goes on to the app's error handler.
 */
export function useCartErrors(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    if (!(error instanceof CartError)) throw error;
    const language = request.store?.language ?? 'es';
    return reply
      .code(error.statusCode)
      .type('application/json; charset=utf-8')
      .send({
        ok: false,
        message: messageOf(error, language),
        errors: translateErrors(error.errors, language),
      });
  });
}
