import { PRODUCT_IDS } from '@shop/domain';
import { useLocation } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { FixedPriceBreakdown } from '../../../shared/product-options/fixed-price-breakdown.tsx';
import { useDeliveryPromise } from '../../../shared/ui/use-delivery-promise.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { ipredialPlan } from '../utils/ipredial-plan.ts';
import styles from './ipredial.module.css';
import { IpredialSummary } from './ipredial-summary.tsx';

/**
 * confirmation (flag step5): the answers and the all-in price (urgent included);
 * 'Adicionar à encomenda' records it and goes to cart/add/ipredial, which posts
 * addipredial with the saved form and the promise it showed (promesa_entrega,
 * kept by the cart when still true; ADR 034).
 */
export function ConfirmationStep() {
  const t = useT();
  const [, navigate] = useLocation();
  const { nsCopy } = useConfig();
  const step = usePlanStep(ipredialPlan, 'confirmation');
  const { form } = step;
  // The conservatória's promise for the chosen service: what the cart keeps and the order stores.
  const promise = useDeliveryPromise(form.distrito_concelho_freguesia, form.urgente);
  const delivery = promise.text ?? (form.urgente ? nsCopy : t('ipredial.normalCopy'));
  return (
    <StepLayout
      title={t('ipredial.confirmationTitle')}
      onNext={() => {
        if (step.submit({ promesa_entrega: promise.promisedAt }))
          navigate(withSearch(paths.cartAdd('ipredial'), window.location.search));
      }}
      onBack={step.back}
      nextLabel={t('predial.addToCart')}
    >
      <p className={styles.lead}>{t('ipredial.confirmationLead')}</p>
      <p className={styles.lead}>{t('ipredial.deliveryLead', { copy: delivery })}</p>
      <IpredialSummary form={form} goTo={step.goTo} delivery={delivery} />
      <FixedPriceBreakdown productId={PRODUCT_IDS.informacaoPredial} urgent={form.urgente} />
    </StepLayout>
  );
}
