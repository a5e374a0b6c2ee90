import { type PaymentMethod, PaymentMethodSchema } from '@shop/domain';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import * as z from 'zod/mini';
import { useConfig } from '../../../shared/config/config-store.ts';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import {
  readInvalidPayment,
  savePaymentSelection,
  setInvalidPayment,
} from '../../../shared/storage/checkout-storage.ts';
import { showSnackbar } from '../../../shared/ui/snackbar-store.ts';
import { useGuardState } from '../hooks/use-guard-state.ts';
import { paymentGuard } from '../utils/guards.ts';
import { withOrder } from '../utils/order-query.ts';
import styles from './checkout.module.css';
import { GuardRedirect } from './guard-redirect.tsx';
import { Loading } from './loading.tsx';

const ChoiceSchema = z.object({ method: z.string().check(z.minLength(1, { error: 'choose_one' })) });
type ChoiceValues = z.input<typeof ChoiceSchema>;

export type PaymentChoiceMode = 'choose' | 'retry' | 'order';

/**
 * customer/payment (spec 4 guards), and the same choice for an existing order:
 * payment/retry[/{order_id}] after a failed payment (the failed-payment text,
 * the other methods) and payment/order/{order_id} (an unpaid order). Only the
 * store's methods are offered (config.payment_methods, DECISIONS.md).
 */
export default function PaymentChoicePage({ mode }: { mode: PaymentChoiceMode }) {
  const config = useConfig();
  const t = useT();
  const params = useParams<{ orderId?: string }>();
  const [, navigate] = useLocation();
  const { state } = useGuardState();
  usePageTitle(t('titles.checkout'));
  const orderId = mode === 'choose' ? null : params.orderId || readInvalidPayment() || config.lastOrderId;
  const failed = mode === 'retry' || (mode === 'choose' && readInvalidPayment() !== null);
  const [changing] = useState(() => new URLSearchParams(window.location.search).has('change'));
  const form = useSchemaForm<ChoiceValues>(ChoiceSchema, { method: '' });

  // Back from a gateway's page after a failed payment (the sandbox and real
  // gateways return to payment/retry/{order_id}): set the flag and say so once.
  useEffect(() => {
    if (mode !== 'retry' || !orderId || readInvalidPayment() === orderId) return;
    const message = t('payments.failed');
    setInvalidPayment(orderId, message);
    showSnackbar({ message, action: { label: t('common.ok') }, duration: null });
  }, [mode, orderId, t]);
  const method = form.watch('method');

  if (!state) return <Loading />;
  if (mode === 'choose' && !changing) {
    const target = paymentGuard(state);
    if (target !== 'stay') return <GuardRedirect target={target} />;
  }
  if (mode !== 'choose' && !orderId) return <GuardRedirect target="payment" />;
  const payingOrder = mode !== 'choose' ? orderId : readInvalidPayment();

  // After a failure the method that failed is not offered again (spec: "offers the other methods").
  const failedWith = failed ? state.selection?.method : undefined;
  // Direct debit is set up at checkout only: another attempt for an order is paid by the other methods.
  const methods = config.payment_methods.filter((m) => m !== failedWith && !(payingOrder && m === 'bank'));
  const options = (methods.length ? methods : config.payment_methods).map((value) => ({
    value,
    label: t(`payment.methods.${value}`),
  }));

  const onNext = form.handleSubmit(({ method: chosen }) => {
    const parsed = z.safeParse(PaymentMethodSchema, chosen);
    if (!parsed.success) return;
    savePaymentSelection(parsed.data);
    navigate(withOrder(paths.paymentMethod(parsed.data), payingOrder));
  });

  return (
    <StepLayout title={t('payment.heading')} onNext={onNext}>
      {failed ? (
        <p className={styles.alert} role="status">
          {t('payments.failed')}
        </p>
      ) : null}
      {payingOrder ? <p className={styles.intro}>{t('payment.forOrder', { order: payingOrder })}</p> : null}
      <RadioGroup<PaymentMethod>
        legend={t('payment.method')}
        name="method"
        options={options}
        value={(method as PaymentMethod) || ''}
        onChange={(value) => form.setValue('method', value, { shouldValidate: form.formState.isSubmitted })}
        error={form.errorOf('method') ? t('payment.chooseError') : undefined}
        required
      />
    </StepLayout>
  );
}
