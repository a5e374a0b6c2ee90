import { type CertificateForm, certificateMode } from '@shop/domain';
import type { TFunction } from '@shop/domain/i18n';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './certidao.module.css';

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
    {
      label: t('predial.summaryHorizontal'),
      value: t(form.prop_horizontal ? 'predial.yes' : 'predial.no'),
      step: 'step6',
    },
    ...(form.prop_horizontal
      ? [{ label: t('predial.summaryUnit'), value: form.prop_horizontal_fracao, step: 'step7' }]
      : []),
  ];
  return (
    <dl className={styles.summary}>
      {rows.map((row) => (
        <div key={row.step} className={styles.summaryRow}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
          <Button
            variant="text"
            className={styles.change}
            aria-label={t('predial.changeItem', { item: row.label })}
            onClick={() => goTo(row.step)}
          >
            {t('predial.change')}
          </Button>
        </div>
      ))}
    </dl>
  );
}
