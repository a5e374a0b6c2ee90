/**
 * Stable codes carried as the message of every validation issue. The server
 * translates them into the store's language (i18n key `validation.<code>`).
 */
export const VALIDATION_CODES = [
  'required',
  'invalid_type',
  'invalid_value',
  'too_long',
  'too_many',
  'invalid_characters',
  'invalid_id',
  'invalid_json',
  'invalid_url',
  'invalid_date',
  'invalid_option',
  'choose_one',
  'email_required',
  'invalid_email',
  'password_required',
  'password_too_short',
  'reset_link_invalid',
  'login_link_invalid',
  'name_required',
  'tax_id_required',
  'invalid_nif',
  'invalid_cif',
  'invalid_tax_id',
  'invalid_postal_code',
  'invalid_phone',
  'invalid_mbway_phone',
  'billing_required',
  'invalid_card_number',
  'card_date_required',
  'invalid_card_month',
  'invalid_card_year',
  'card_expired',
  'invalid_iban',
  'invalid_ccc',
  'terms_not_accepted',
  'wrong_product',
  /** Card data sent to our server while a real gateway takes the card on its own page (issue 17 item 2). */
  'card_on_gateway_page',
  /** A partial refund above what is left to refund of the payment (ADR 029). */
  'refund_above_left',
  /** Registry calendars (ADR 034): an 'HH:MM' time, office hours that end before they start, a place's scope. */
  'invalid_time',
  'closes_before_opening',
  'region_spain_only',
  'region_or_municipality',
  /** The catalogue editor's rules (rules/catalogue-editing.ts). */
  'above_price',
  'duplicate',
  'unknown_option',
  /** Store settings: a payment method no gateway configured on the server takes. */
  'no_gateway',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** The Spanish texts spec 5 gives for some codes (the i18n catalogues must match them). */
export const SPEC_VALIDATION_MESSAGES_ES: Readonly<Partial<Record<ValidationCode, string>>> = {
  invalid_email: 'Por favor, introduce un email válido',
  email_required: 'Se requiere un email',
  password_required: 'Por favor, introduce tu contraseña',
  invalid_card_number: 'El número de tarjeta es inválido',
  card_date_required: 'Selecciona el mes y año',
  invalid_card_year: 'El año no es correcto',
  name_required: 'Introduzca el Nombre / Empresa',
  tax_id_required: 'Introduzca el CIF',
};

/** True when the text is one of the validation codes. */
export function isValidationCode(text: string): text is ValidationCode {
  return (VALIDATION_CODES as readonly string[]).includes(text);
}

/** One field error of a 400 answer (DECISIONS.md "Payloads"); `message` is a code until translated. */
export type FieldError = { path: string; message: string };

/** The parts of a zod issue the mapping needs. */
export type IssueLike = { code: string; path: readonly PropertyKey[]; message: string };

/** Turns zod issues into `{ path, message }` field errors whose message is always a validation code. */
export function toFieldErrors(issues: readonly IssueLike[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    let message: ValidationCode = 'invalid_value';
    if (isValidationCode(issue.message)) message = issue.message;
    else if (issue.code === 'invalid_type') message = 'invalid_type';
    else if (issue.code === 'too_big') message = 'too_long';
    // An intersection reports a problem once per side: keep one.
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ path, message });
  }
  return errors;
}
