/**
 * How a Portuguese property is identified on the Certidão Permanente form (spec 3
 * "Certificate form", spec 4 "Identification mode") and the formats of the numbers
 * the Portuguese registry and tax office use.
 */

/** matricial: tax article (+ rural/urban, section); ficha: description number; livro: number, book, sheets. */
export type CertificateMode = 'matricial' | 'ficha' | 'livro';
export const CERTIFICATE_MODES: readonly CertificateMode[] = ['matricial', 'ficha', 'livro'];

/** The form fields that say and describe the identification mode. */
export interface CertificateIdentification {
  forma_identificar_matricial: boolean;
  forma_identificar_livro: boolean;
  forma_identificar_ficha: boolean;
  tipo_rustica: boolean;
  tipo_urbana: boolean;
  numero_artigo: string;
  seccao: string;
  num_livro: string;
  livro: string;
  folhas: string;
  num_ficha: string;
}

const FLAG: Readonly<Record<CertificateMode, keyof CertificateIdentification>> = {
  matricial: 'forma_identificar_matricial',
  ficha: 'forma_identificar_ficha',
  livro: 'forma_identificar_livro',
};

/** The fields each mode asks for; choosing a mode clears the others' fields. */
export const CERTIFICATE_MODE_FIELDS = {
  matricial: ['tipo_rustica', 'tipo_urbana', 'numero_artigo', 'seccao'],
  ficha: ['num_ficha'],
  livro: ['num_livro', 'livro', 'folhas'],
} as const satisfies Record<CertificateMode, readonly (keyof CertificateIdentification)[]>;

/** The chosen mode, or null when none or more than one flag is set. */
export function certificateMode(form: CertificateIdentification): CertificateMode | null {
  const chosen = CERTIFICATE_MODES.filter((mode) => form[FLAG[mode]] === true);
  return chosen.length === 1 ? (chosen[0] ?? null) : null;
}

/**
 * `form` with `mode` chosen (spec 4): its flag set, the other flags unset and the
 * other modes' fields cleared. Choosing the mode already chosen keeps its fields.
 */
export function withCertificateMode<T extends CertificateIdentification>(form: T, mode: CertificateMode): T {
  const next: T = { ...form };
  const record = next as Record<keyof CertificateIdentification, string | boolean>;
  for (const other of CERTIFICATE_MODES) {
    record[FLAG[other]] = other === mode;
    if (other === mode) continue;
    for (const field of CERTIFICATE_MODE_FIELDS[other])
      record[field] = typeof form[field] === 'boolean' ? false : '';
  }
  return next;
}

/** Matricial article number: digits only ('1234'). */
export const ARTICLE_NUMBER = /^\d{1,7}$/;
/** Description number in ficha: digits, optionally '/' and the description date as it is printed ('1234/20050315'). */
export const DESCRIPTION_NUMBER = /^\d{1,7}(\/\d{8})?$/;
/** Description number in book: digits only. */
export const BOOK_NUMBER = /^\d{1,7}$/;
/** Sheets: a sheet number, 'v' for verso, or a range ('34', '34v', '34-35v'). */
export const SHEETS = /^\d{1,5}v?(-\d{1,5}v?)?$/i;

const compact = (value: string) => value.replace(/\s+/g, '');

/** True when `value` (spaces ignored) is a matricial article number. */
export const isArticleNumber = (value: string) => ARTICLE_NUMBER.test(compact(value));
/** True when `value` (spaces ignored) is a description number in ficha. */
export const isDescriptionNumber = (value: string) => DESCRIPTION_NUMBER.test(compact(value));
/** True when `value` (spaces ignored) is a description number in book. */
export const isBookNumber = (value: string) => BOOK_NUMBER.test(compact(value));
/** True when `value` (spaces ignored) is a sheet number or range. */
export const isSheets = (value: string) => SHEETS.test(compact(value));
