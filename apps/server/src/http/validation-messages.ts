import type { Language } from '@shop/domain';

/** One failed field of a 400 answer. */
export interface FieldError {
  /** Dotted path inside the validated part (body / query / params), '' for the whole part. */
  path: string;
  message: string;
}

/** What the zod type provider leaves in `error.validation` for each issue. */
export interface ZodValidationEntry {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

type Texts = {
  required: string;
  invalid: string;
  number: string;
  integer: string;
  string_min: string;
  string_max: string;
  number_min: string;
  number_min_exclusive: string;
  number_max: string;
  array_min: string;
  array_max: string;
  email: string;
  url: string;
  format: string;
  choice: string;
  unknown_field: string;
};

const TEXTS: Record<Language, Texts> = {
  es: {
    required: 'Este campo es obligatorio',
    invalid: 'El valor no es válido',
    number: 'Introduce un número',
    integer: 'Introduce un número entero',
    string_min: 'Introduce al menos {min} caracteres',
    string_max: 'Introduce como máximo {max} caracteres',
    number_min: 'Introduce un número mayor o igual que {min}',
    number_min_exclusive: 'Introduce un número mayor que {min}',
    number_max: 'Introduce un número menor o igual que {max}',
    array_min: 'Elige al menos {min}',
    array_max: 'Elige como máximo {max}',
    // Spec 5's register message.
    email: 'Por favor, introduce un email válido',
    url: 'Introduce una dirección web válida',
    format: 'El formato no es válido',
    choice: 'Elige una de las opciones disponibles',
    unknown_field: 'Campo no admitido',
  },
  pt: {
    required: 'Este campo é obrigatório',
    invalid: 'O valor não é válido',
    number: 'Introduza um número',
    integer: 'Introduza um número inteiro',
    string_min: 'Introduza pelo menos {min} caracteres',
    string_max: 'Introduza no máximo {max} caracteres',
    number_min: 'Introduza um número maior ou igual a {min}',
    number_min_exclusive: 'Introduza um número maior que {min}',
    number_max: 'Introduza um número menor ou igual a {max}',
    array_min: 'Escolha pelo menos {min}',
    array_max: 'Escolha no máximo {max}',
    email: 'Por favor, introduza um email válido',
    url: 'Introduza um endereço web válido',
    format: 'O formato não é válido',
    choice: 'Escolha uma das opções disponíveis',
    unknown_field: 'Campo não suportado',
  },
  en: {
    required: 'This field is required',
    invalid: 'This value is not valid',
    number: 'Enter a number',
    integer: 'Enter a whole number',
    string_min: 'Enter at least {min} characters',
    string_max: 'Enter at most {max} characters',
    number_min: 'Enter a number greater than or equal to {min}',
    number_min_exclusive: 'Enter a number greater than {min}',
    number_max: 'Enter a number less than or equal to {max}',
    array_min: 'Choose at least {min}',
    array_max: 'Choose at most {max}',
    email: 'Please enter a valid email',
    url: 'Enter a valid web address',
    format: 'The format is not valid',
    choice: 'Choose one of the available options',
    unknown_field: 'Field not supported',
  },
};

/**
 * Message codes that domain schemas put in an issue's message (e.g.
 * `z.email({ error: 'email_invalid' })`), with spec 5's texts. A code not
 * listed here falls back to the text for the zod issue code.
 */
const DOMAIN_MESSAGES: Record<Language, Record<string, string>> = {
  es: {
    email_required: 'Se requiere un email',
    email_invalid: 'Por favor, introduce un email válido',
    password_required: 'Por favor, introduce tu contraseña',
    card_number_invalid: 'El número de tarjeta es inválido',
    card_expiry_required: 'Selecciona el mes y año',
    card_year_invalid: 'El año no es correcto',
    billing_name_required: 'Introduzca el Nombre / Empresa',
    billing_tax_id_required: 'Introduzca el CIF',
    date_invalid: 'La fecha no es válida',
    option_required: 'Este campo es obligatorio',
  },
  pt: {
    email_required: 'É necessário um email',
    email_invalid: 'Por favor, introduza um email válido',
    password_required: 'Por favor, introduza a sua palavra-passe',
    card_number_invalid: 'O número do cartão é inválido',
    card_expiry_required: 'Selecione o mês e o ano',
    card_year_invalid: 'O ano não está correto',
    billing_name_required: 'Introduza o Nome / Empresa',
    billing_tax_id_required: 'Introduza o NIF',
    date_invalid: 'A data não é válida',
    option_required: 'Este campo é obrigatório',
  },
  en: {
    email_required: 'An email is required',
    email_invalid: 'Please enter a valid email',
    password_required: 'Please enter your password',
    card_number_invalid: 'The card number is not valid',
    card_expiry_required: 'Select the month and year',
    card_year_invalid: 'The year is not correct',
    billing_name_required: 'Enter the name / company',
    billing_tax_id_required: 'Enter the tax id',
    date_invalid: 'The date is not valid',
    option_required: 'This field is required',
  },
};

function fill(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

function valueAt(input: unknown, segments: string[]): unknown {
  let value = input;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function textFor(entry: ZodValidationEntry, missing: boolean, texts: Texts): string {
  const p = entry.params;
  if (missing && entry.keyword !== 'unrecognized_keys') return texts.required;
  switch (entry.keyword) {
    case 'invalid_type':
      if (p.expected === 'int') return texts.integer;
      if (p.expected === 'number') return texts.number;
      return texts.invalid;
    case 'too_small':
      if (p.origin === 'string') return fill(texts.string_min, { min: p.minimum });
      if (p.origin === 'array' || p.origin === 'set') return fill(texts.array_min, { min: p.minimum });
      if (p.origin === 'number' || p.origin === 'int' || p.origin === 'bigint') {
        return fill(p.inclusive === false ? texts.number_min_exclusive : texts.number_min, {
          min: p.minimum,
        });
      }
      return texts.invalid;
    case 'too_big':
      if (p.origin === 'string') return fill(texts.string_max, { max: p.maximum });
      if (p.origin === 'array' || p.origin === 'set') return fill(texts.array_max, { max: p.maximum });
      if (p.origin === 'number' || p.origin === 'int' || p.origin === 'bigint')
        return fill(texts.number_max, { max: p.maximum });
      return texts.invalid;
    case 'invalid_format':
      if (p.format === 'email') return texts.email;
      if (p.format === 'url') return texts.url;
      return texts.format;
    case 'invalid_value':
      return texts.choice;
    case 'unrecognized_keys':
      return texts.unknown_field;
    case 'not_multiple_of':
      return texts.integer;
    default:
      return texts.invalid;
  }
}

/**
 * Turns zod issues into per-field messages in the store's language. `input` is
 * the raw part that failed (body, query...), used to tell "missing" from "wrong".
 */
export function fieldErrors(entries: ZodValidationEntry[], input: unknown, language: Language): FieldError[] {
  const errors: FieldError[] = [];
  for (const entry of entries) {
    const segments = entry.instancePath.split('/').filter(Boolean);
    if (entry.keyword === 'unrecognized_keys' && Array.isArray(entry.params.keys)) {
      for (const key of entry.params.keys) {
        errors.push({ path: [...segments, String(key)].join('.'), message: TEXTS[language].unknown_field });
      }
      continue;
    }
    const value = valueAt(input, segments);
    const missing = value === undefined || value === null || value === '';
    const domainText = DOMAIN_MESSAGES[language][entry.message];
    errors.push({
      path: segments.join('.'),
      message: domainText ?? textFor(entry, missing, TEXTS[language]),
    });
  }
  return errors;
}
