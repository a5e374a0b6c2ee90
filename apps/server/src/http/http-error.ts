import type { HttpMessageKey } from './messages.ts';

/**
 * An expected HTTP failure; the error handler answers `{ ok: false, message }`
 * with the message in the store's language.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly messageKey: HttpMessageKey;

  constructor(statusCode: number, messageKey: HttpMessageKey) {
    super(messageKey);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.messageKey = messageKey;
  }
}
