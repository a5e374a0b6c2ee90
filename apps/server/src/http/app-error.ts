import type { FieldError } from '@shop/domain';

/**
 * The kinds of failure an answer can report (STYLE.md 5), each with its HTTP
 * status. The error handler maps kind -> status; nothing else picks statuses.
 */
export const ERROR_STATUS = {
  invalid_data: 400,
  unauthorized: 401,
  payment_failed: 402,
  not_allowed: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  throttled: 429,
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;

/** The texts an error answer may carry: keys under `apiErrors` in the i18n catalogues. */
export type ErrorCode =
  | 'validation'
  | 'forbidden'
  | 'notAllowed'
  | 'unauthorized'
  | 'badCredentials'
  | 'badCode'
  | 'catalogUnchanged'
  | 'secondFactorRequired'
  | 'transitionRefused'
  | 'transitionNoDocument'
  | 'notFound'
  | 'conflict'
  | 'malformedJson'
  | 'malformedRequest'
  | 'unsupportedMediaType'
  | 'payloadTooLarge'
  | 'tooManyRequests'
  | 'productNotOffered'
  | 'productNotEditable'
  | 'itemNotFound'
  | 'orderNotPaid'
  | 'orderNotChangeable'
  | 'updateNotPossible'
  | 'nsUpdateTooEarly'
  | 'priceWouldChange'
  | 'fileTooLarge'
  | 'fileType'
  | 'tooManyFiles'
  | 'ownerFileLimit'
  | 'noFiles'
  | 'uploadQuota'
  | 'storageFull'
  | 'tooManyItems'
  | 'wrongCredentials'
  | 'customerExists'
  | 'quoteAlreadyOrdered'
  | 'emptyCart'
  | 'tooManyLogins'
  | 'refundFailed'
  | 'loginLinkInvalid';

/**
 * The application's one error type: a kind (the status), a stable code (the
 * message, translated into the store's language by the error handler) and, for
 * invalid data, the fields at fault with a validation code each
 * (packages/domain VALIDATION_CODES). Services throw it; the error handler
 * answers `{ ok: false, message, errors }`.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(code);
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

/** A 400 with per-field validation codes. */
export const invalidData = (fieldErrors: readonly FieldError[], code: ErrorCode = 'validation') =>
  new AppError('invalid_data', code, fieldErrors);

/** A 400 for one field. */
export const invalidField = (path: string, validationCode: string) =>
  invalidData([{ path, message: validationCode }]);

export const notFound = (code: ErrorCode = 'notFound') => new AppError('not_found', code);
export const notAllowed = (code: ErrorCode = 'notAllowed') => new AppError('not_allowed', code);
