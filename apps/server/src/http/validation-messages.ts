import { type FieldError, isValidationCode, type Language, type ValidationCode } from '@shop/domain';

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
 * The domain's validation codes (packages/domain/src/schemas/messages.ts), which
 * domain schemas carry as the issue message, with spec 5's texts where it gives
 * them. Typed against the code list, so a new code cannot be left untranslated.
 */
export const VALIDATION_CODE_TEXTS: Record<Language, Record<ValidationCode, string>> = {
  es: {
    required: 'Este campo es obligatorio',
    invalid_type: 'El valor no es válido',
    invalid_value: 'El valor no es válido',
    too_long: 'El texto es demasiado largo',
    too_many: 'Hay demasiados elementos',
    invalid_id: 'El identificador no es válido',
    invalid_json: 'El formato de los datos no es válido',
    invalid_url: 'Introduce una dirección web válida',
    invalid_date: 'La fecha no es válida',
    invalid_option: 'Elige una de las opciones disponibles',
    choose_one: 'Elige una opción',
    email_required: 'Se requiere un email',
    invalid_email: 'Por favor, introduce un email válido',
    password_required: 'Por favor, introduce tu contraseña',
    password_too_short: 'La contraseña es demasiado corta',
    name_required: 'Introduzca el Nombre / Empresa',
    tax_id_required: 'Introduzca el CIF',
    invalid_nif: 'El NIF no es válido',
    invalid_cif: 'El CIF no es válido',
    invalid_tax_id: 'El número de identificación fiscal no es válido',
    invalid_postal_code: 'Introduce un código postal válido',
    invalid_phone: 'Introduce un teléfono válido',
    invalid_card_number: 'El número de tarjeta es inválido',
    card_date_required: 'Selecciona el mes y año',
    invalid_card_month: 'El mes no es correcto',
    invalid_card_year: 'El año no es correcto',
    card_expired: 'La tarjeta ha caducado',
    invalid_iban: 'El IBAN no es válido',
    invalid_ccc: 'El número de cuenta no es válido',
    terms_not_accepted: 'Debes aceptar la política de privacidad y las condiciones de contratación',
    wrong_product: 'Este formulario no corresponde a este producto',
  },
  pt: {
    required: 'Este campo é obrigatório',
    invalid_type: 'O valor não é válido',
    invalid_value: 'O valor não é válido',
    too_long: 'O texto é demasiado longo',
    too_many: 'Há demasiados elementos',
    invalid_id: 'O identificador não é válido',
    invalid_json: 'O formato dos dados não é válido',
    invalid_url: 'Introduza um endereço web válido',
    invalid_date: 'A data não é válida',
    invalid_option: 'Escolha uma das opções disponíveis',
    choose_one: 'Escolha uma opção',
    email_required: 'É necessário um email',
    invalid_email: 'Por favor, introduza um email válido',
    password_required: 'Por favor, introduza a sua palavra-passe',
    password_too_short: 'A palavra-passe é demasiado curta',
    name_required: 'Introduza o Nome / Empresa',
    tax_id_required: 'Introduza o NIF',
    invalid_nif: 'O NIF não é válido',
    invalid_cif: 'O CIF não é válido',
    invalid_tax_id: 'O número de identificação fiscal não é válido',
    invalid_postal_code: 'Introduza um código postal válido',
    invalid_phone: 'Introduza um telefone válido',
    invalid_card_number: 'O número do cartão é inválido',
    card_date_required: 'Selecione o mês e o ano',
    invalid_card_month: 'O mês não está correto',
    invalid_card_year: 'O ano não está correto',
    card_expired: 'O cartão expirou',
    invalid_iban: 'O IBAN não é válido',
    invalid_ccc: 'O número de conta não é válido',
    terms_not_accepted: 'Deve aceitar a política de privacidade e as condições de contratação',
    wrong_product: 'Este formulário não corresponde a este produto',
  },
  en: {
    required: 'This field is required',
    invalid_type: 'This value is not valid',
    invalid_value: 'This value is not valid',
    too_long: 'The text is too long',
    too_many: 'There are too many items',
    invalid_id: 'The id is not valid',
    invalid_json: 'The data format is not valid',
    invalid_url: 'Enter a valid web address',
    invalid_date: 'The date is not valid',
    invalid_option: 'Choose one of the available options',
    choose_one: 'Choose an option',
    email_required: 'An email is required',
    invalid_email: 'Please enter a valid email',
    password_required: 'Please enter your password',
    password_too_short: 'The password is too short',
    name_required: 'Enter the name / company',
    tax_id_required: 'Enter the tax id',
    invalid_nif: 'The NIF is not valid',
    invalid_cif: 'The CIF is not valid',
    invalid_tax_id: 'The tax id is not valid',
    invalid_postal_code: 'Enter a valid postal code',
    invalid_phone: 'Enter a valid phone number',
    invalid_card_number: 'The card number is not valid',
    card_date_required: 'Select the month and year',
    invalid_card_month: 'The month is not correct',
    invalid_card_year: 'The year is not correct',
    card_expired: 'The card has expired',
    invalid_iban: 'The IBAN is not valid',
    invalid_ccc: 'The account number is not valid',
    terms_not_accepted: 'You must accept the privacy policy and the terms of contract',
    wrong_product: 'This form does not belong to this product',
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
 * Turns zod issues into per-field messages in the store's language: a domain
 * validation code by its text, any other issue (server-side zod schemas) by its
 * zod code. `input` is the raw part that failed (body, query...), used to tell
 * "missing" from "wrong".
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
    const message = isValidationCode(entry.message)
      ? VALIDATION_CODE_TEXTS[language][entry.message]
      : textFor(entry, missing, TEXTS[language]);
    errors.push({ path: segments.join('.'), message });
  }
  return errors;
}
