import { type CertificateForm, certificateMode } from '@shop/domain';
import type { TFunction } from '@shop/domain/i18n';
import { useT } from '../../../shared/i18n/use-t.ts';
import { horizontalRows, PredialSummary } from '../../../shared/predial/predial-summary.tsx';

/** How the property is identified, in one line ('Artigo matricial urbano n.º 1234, secção B'). */
export function identificationText(t: TFunction, form: CertificateForm): string {
  switch (certificateMode(form)) {
    case 'matricial': {
      const type = t(form.tipo_rustica ? 'certidao.typeRustico' : 'certidao.typeUrbano');
      const article = t('certidao.summaryMatricial', { type, article: form.numero_artigo });
      return form.seccao ? `${article}, ${t('certidao.summarySection', { section: form.seccao })}` : article;
    }
    case 'ficha':
      return t('certidao.summaryFicha', { number: form.num_ficha });
    case 'livro':
      return t('certidao.summaryLivro', { number: form.num_livro, book: form.livro, sheets: form.folhas });
    default:
      return '';
  }
}

/** The answers with a change link to the step that asks each one. */
export function CertidaoSummary({ form, goTo }: { form: CertificateForm; goTo: (step: string) => void }) {
  const t = useT();
  const rows = [
    { label: t('predial.summaryLocation'), value: form.distrito_concelho_freguesia, step: 'step2' },
    { label: t('predial.summaryIdentification'), value: identificationText(t, form), step: 'step3' },
    ...horizontalRows(t, form, 'step6', 'step7'),
  ];
  return <PredialSummary rows={rows} goTo={goTo} />;
}
