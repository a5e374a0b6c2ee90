import type { SimplifiedReportForm } from '@shop/domain';
import { useT } from '../../../shared/i18n/use-t.ts';
import { horizontalRows, PredialSummary } from '../../../shared/predial/predial-summary.tsx';

/** The answers with a change link to the step that asks each one; `delivery`: the chosen service's promise in words. */
export function IpredialSummary({
  form,
  goTo,
  delivery,
}: {
  form: SimplifiedReportForm;
  goTo: (step: string) => void;
  delivery: string;
}) {
  const t = useT();
  const rows = [
    { label: t('predial.summaryLocation'), value: form.distrito_concelho_freguesia, step: 'step1' },
    ...horizontalRows(t, form, 'step2', 'step21'),
    {
      label: t('ipredial.summaryFicha'),
      value: form.tiene_numero ? form.num_ficha : t('ipredial.summaryNoFicha'),
      step: 'step3',
    },
    {
      label: t('ipredial.summaryDelivery'),
      value: t('ipredial.deliveryChoice', {
        service: t(form.urgente ? 'ipredial.urgent' : 'ipredial.normal'),
        copy: delivery,
      }),
      step: 'step4',
    },
  ];
  return <PredialSummary rows={rows} goTo={goTo} />;
}
