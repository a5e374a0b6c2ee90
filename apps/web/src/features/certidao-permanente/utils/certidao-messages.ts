import type { CertificateForm, ValidationCode } from '@shop/domain';
import type { TFunction, TranslationKey } from '@shop/domain/i18n';
import { errorText, type FieldErrors } from '../../../shared/forms/validation.ts';

type Messages = Partial<Record<ValidationCode, TranslationKey>>;

/** Field by field messages that say what to type; other codes read the generic text. */
const MESSAGES: Partial<Record<keyof CertificateForm, Messages>> = {
  distrito_concelho_freguesia: {
    required: 'predial.errors.location',
    invalid_option: 'predial.errors.location',
  },
  forma_identificar_matricial: { choose_one: 'certidao.errors.mode', required: 'certidao.errors.mode' },
  tipo_rustica: { choose_one: 'certidao.errors.type', required: 'certidao.errors.type' },
  numero_artigo: {
    required: 'certidao.errors.articleRequired',
    invalid_value: 'certidao.errors.articleInvalid',
  },
  seccao: { required: 'certidao.errors.sectionRequired' },
  num_ficha: { required: 'predial.errors.fichaRequired', invalid_value: 'predial.errors.fichaInvalid' },
  num_livro: {
    required: 'certidao.errors.bookNumberRequired',
    invalid_value: 'certidao.errors.bookNumberInvalid',
  },
  livro: { required: 'certidao.errors.bookRequired' },
  folhas: { required: 'certidao.errors.sheetsRequired', invalid_value: 'certidao.errors.sheetsInvalid' },
  prop_horizontal: { choose_one: 'predial.errors.yesNo', required: 'predial.errors.yesNo' },
  prop_horizontal_fracao: { required: 'predial.errors.unitRequired' },
};

/** The message of `field`'s error in the store's language, or undefined when it has none. */
export function fieldMessage(
  t: TFunction,
  errors: FieldErrors,
  field: keyof CertificateForm,
): string | undefined {
  const code = errors[field];
  if (!code) return undefined;
  const key = MESSAGES[field]?.[code];
  return key ? t(key) : errorText(t, code);
}
