import * as z from 'zod/mini';
import { isValidEmail } from '../rules/contact.ts';
import type { ValidationCode } from './messages.ts';

type IssueInput = { input?: unknown };

/** The largest id a database column holds (PostgreSQL integer); larger ids cannot exist. */
export const MAX_ID = 2_147_483_647;

/**
 * Text PostgreSQL can store in text and jsonb columns: no NUL character and no
 * lone UTF-16 surrogate (both are refused by the database, so they must be
 * refused here, where the data enters, with a 400).
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** Every string of a parsed JSON value is storable (JSON escapes can produce NUL or lone surrogates). */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([key, item]) => isStorableText(key) && isStorableJson(item));
  }
  return true;
}

/** The check every text field carries. */
export const storable = () => z.refine<string>(isStorableText, { error: 'invalid_characters' });

/** Error map: a missing value reads `missing`, a value of the wrong type 'invalid_type'. */
export function typeError(missing: ValidationCode = 'required') {
  return (issue: IssueInput) => (issue.input === undefined ? missing : 'invalid_type');
}

/** A trimmed string of at most `max` characters; may be blank. */
export function text(max = 255) {
  return z
    .string({ error: typeError() })
    .check(z.trim(), z.maxLength(max, { error: 'too_long' }), storable());
}

/**
 * A trimmed, non-blank string of at most `max` characters; blank or missing reads `code`.
 * (No `abort` on the blank check: an aborting issue would stop the form-level rules that
 * run despite field errors, see forms.ts.)
 */
export function requiredText(max = 255, code: ValidationCode = 'required') {
  return z
    .string({ error: typeError(code) })
    .check(z.trim(), z.minLength(1, { error: code }), z.maxLength(max, { error: 'too_long' }), storable());
}

/** An optional string that is '' when omitted. */
export function optionalText(max = 255) {
  return z._default(text(max), '');
}

/** A boolean flag that is false when omitted (wizard step flags and choices). */
export const flag = z._default(z.boolean({ error: typeError() }), false);

/** A positive integer id in a JSON body, at most MAX_ID. */
export const IdSchema = z
  .int({ error: typeError() })
  .check(z.positive({ error: 'invalid_id' }), z.lte(MAX_ID, { error: 'invalid_id' }));

/** A positive integer id given as a query or path string ('42' -> 42), at most MAX_ID. */
export const IdFromStringSchema = z.pipe(
  z.string({ error: typeError() }).check(
    z.regex(/^[1-9]\d{0,9}$/, { error: 'invalid_id', abort: true }),
    z.refine((value: string) => Number(value) <= MAX_ID, { error: 'invalid_id' }),
  ),
  z.transform((value: string) => Number(value)),
);

/** An id in a body that may come as a number or a digit string. */
export const IdLooseSchema = z.union([IdSchema, IdFromStringSchema], { error: 'invalid_id' });

/** An order id: the store id followed by the 8-digit sequence, kept as a string ('1600000042'). */
export const OrderIdSchema = z
  .string({ error: typeError() })
  .check(z.trim(), z.regex(/^[1-9]\d{8,10}$/, { error: 'invalid_id' }));

/** An order id in a body, as a string or a number. */
export const OrderIdLooseSchema = z.union(
  [
    OrderIdSchema,
    z.pipe(
      z.int().check(z.positive()),
      z.transform((value: number) => String(value)),
    ),
  ],
  { error: 'invalid_id' },
);

/** An e-mail address, trimmed and lower-cased; blank reads 'email_required'. */
export const EmailSchema = z
  .string({ error: typeError('email_required') })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: 'email_required', abort: true }),
    z.maxLength(254, { error: 'too_long', abort: true }),
    z.refine(isValidEmail, { error: 'invalid_email' }),
  );

/** An optional origin id (sent by the properties search and associated generic products). */
export const OriginIdSchema = z.pipe(
  z.union([z.string().check(z.trim(), z.maxLength(64, { error: 'too_long' }), storable()), z.int()], {
    error: 'invalid_type',
  }),
  z.transform((value: string | number) => String(value)),
);

/** Up to `max` digits as a query-string value, answered as a number (a filter's id, a page). */
export const queryDigits = (max: number) =>
  z.pipe(
    z.string({ error: typeError() }).check(z.regex(new RegExp(`^\\d{1,${max}}$`), { error: 'invalid_id' })),
    z.transform((v: string) => Number(v)),
  );
