import { isOwnerUnknown, NotaSimpleFormSchema } from '@shop/domain';
import { Link, useLocation } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { SummaryList } from '../../../shared/forms/summary-list.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { useDeliveryPromise } from '../../../shared/ui/use-delivery-promise.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { isUrgent } from '../utils/ns-steps.ts';
import styles from './nota-simple.module.css';
import { NsPrice } from './ns-price.tsx';

/** step6: the summary with the all-in price and the delivery copy; 'add to cart' goes to cart/add/ns. */
export function Step6Summary() {
  const t = useT();
  const { nsCopy } = useConfig();
  const step = usePlanStep(nsPlan, 'step6');
  const { form } = step;
  const [, navigate] = useLocation();
  const search = window.location.search;
  const edit = (step: string) => withSearch(paths.flowStep('nota-simple', step), search);

  // The registry's promise for the chosen service (ADR 034): what the cart keeps and the order stores.
  const promise = useDeliveryPromise(form.municipio, isUrgent(form));
  const urgentPromise = useDeliveryPromise(form.municipio, true);
  const delivery = promise.text
    ? promise.text
    : form.servicio_urgente
      ? nsCopy
      : form.servicio_urgente_custom
        ? t('ns.step41.customShort')
        : form.step51
          ? t('ns.step6.slowDelivery')
          : t('ns.step42.standard');

  const rows: { label: string; value: string; step: string }[] = [
    {
      label: t('ns.step6.owner'),
      value: isOwnerUnknown(form.nombre) ? t('ns.step6.unknownOwner') : form.nombre,
      step: 'step1',
    },
    { label: t('ns.step2.direccion'), value: form.direccion, step: 'step2' },
    { label: t('ns.step3.municipio'), value: `${form.municipio} (${form.provincia})`, step: 'step3' },
    { label: t('ns.step4.otrosDatos'), value: form.otros_datos || t('ns.step6.none'), step: 'step4' },
    {
      label: t('ns.step6.delivery'),
      value: delivery,
      step: form.step51 ? 'step41' : form.step52 ? 'step42' : 'step4',
    },
    {
      label: t('ns.step6.requester'),
      value: `${form.solicitante_nombre} · ${form.solicitante_documento} · ${form.interes_legitimo}`,
      step: 'step5',
    },
  ];

  const add = () => {
    // Every step was checked on its way; the whole form is checked once more as the server will.
    if (!NotaSimpleFormSchema.safeParse(form).success) return step.goTo('step1');
    if (step.submit({ quiere_una_ns: true, promesa_entrega: promise.promisedAt }))
      navigate(withSearch(paths.cartAdd('ns'), search));
  };

  return (
    <StepLayout
      title={t('ns.step6.title')}
      current={step.position}
      total={step.total}
      price={<NsPrice urgent={isUrgent(form)} detailed />}
      onBack={step.back}
      onNext={add}
      nextLabel={t('ns.step6.add')}
    >
      <p className={styles.lead}>{t('ns.step6.deliveryCopy', { copy: delivery })}</p>
      {!isUrgent(form) && form.step52 ? (
        <p className={styles.notice}>
          {t('ns.step6.urgentOffer', { copy: urgentPromise.text ?? nsCopy })}{' '}
          <Link href={edit('step42')}>{t('ns.step6.urgentLink')}</Link>
        </p>
      ) : null}
      <SummaryList
        rows={rows}
        action={(row) => (
          <Link href={edit(row.step)} aria-label={t('ns.step6.editField', { field: row.label })}>
            {t('common.edit')}
          </Link>
        )}
      />
    </StepLayout>
  );
}
