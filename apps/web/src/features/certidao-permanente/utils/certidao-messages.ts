import type { CertificateForm } from '@shop/domain';
import { fieldMessages, PREDIAL_MESSAGES } from '../../../shared/predial/predial-messages.ts';

/** Field by field messages that say what to type; other codes read the generic text. */
export const fieldMessage = fieldMessages<keyof CertificateForm>({
  ...PREDIAL_MESSAGES,
  forma_identificar_matricial: { choose_one: 'certidao.errors.mode', required: 'certidao.errors.mode' },
  tipo_rustica: { choose_one: 'certidao.errors.type', required: 'certidao.errors.type' },
  numero_artigo: {
    required: 'certidao.errors.articleRequired',
    invalid_value: 'certidao.errors.articleInvalid',
  },
  seccao: { required: 'certidao.errors.sectionRequired' },
  num_livro: {
    required: 'certidao.errors.bookNumberRequired',
    invalid_value: 'certidao.errors.bookNumberInvalid',
  },
  livro: { required: 'certidao.errors.bookRequired' },
  folhas: { required: 'certidao.errors.sheetsRequired', invalid_value: 'certidao.errors.sheetsInvalid' },
});
