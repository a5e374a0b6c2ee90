import type { SimplifiedReportForm } from '@shop/domain';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './ipredial.module.css';

/** The answers with a change link to the step that asks each one. */
export function IpredialSummary({
  form,
  goTo,
}: {
  form: SimplifiedReportForm;
  goTo: (step: string) => void;
}) {
  const t = useT();
  const rows = [
    { label: t('predial.summaryLocation'), value: form.distrito_concelho_freguesia, step: 'step1' },
    {
      label: t('predial.summaryHorizontal'),
      value: t(form.prop_horizontal ? 'predial.yes' : 'predial.no'),
      step: 'step2',
    },
    ...(form.prop_horizontal
      ? [{ label: t('predial.summaryUnit'), value: form.prop_horizontal_fracao, step: 'step21' }]
      : []),
    {
      label: t('ipredial.summaryFicha'),
      value: form.tiene_numero ? form.num_ficha : t('ipredial.summaryNoFicha'),
      step: 'step3',
    },
    {
      label: t('ipredial.summaryDelivery'),
      value: t(form.urgente ? 'ipredial.urgent' : 'ipredial.normal'),
      step: 'step4',
    },
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
