import { CardPaymentSchema, checkCardExpiry, checkCardNumber, compactCardNumber } from '@shop/domain';
import * as z from 'zod/mini';
import { useConfig } from '../../../shared/config/config-store.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useGuardState } from '../hooks/use-guard-state.ts';
import { usePay } from '../hooks/use-pay.ts';
import { cardGuard } from '../utils/guards.ts';
import { orderOfQuery } from '../utils/order-query.ts';
import styles from './checkout.module.css';
import { GuardRedirect } from './guard-redirect.tsx';
import { Loading } from './loading.tsx';
import { PayForm } from './pay-form.tsx';

const { num, month, year, cvc } = CardPaymentSchema.shape;

/** The card form: the domain's card rules (spec 5 "Card"), plus the expiry against today. */
const CardFormSchema = z.object({ num, month, year, cvc }).check(
  z.superRefine((card, ctx) => {
    const problem = checkCardExpiry(card.month, card.year, new Date());
    if (problem === 'card_expired' || problem === 'invalid_card_year') {
      ctx.issues.push({ code: 'custom', message: problem, path: ['year'], input: card });
    }
  }),
);
type CardValues = z.input<typeof CardFormSchema>;

const CARD_FIELDS = ['num', 'month', 'year', 'cvc'] as const;

/**
 * payment/cc (spec 4 and 5). With the sandbox taking cards
 * (config.payment_gateways.cc === 'sandbox'): card number, month (stored
 * without a leading zero), year and CVC; the card data lives in this form's
 * memory only and goes in the checkout call's body, never to storage. With a
 * real card gateway (issue 17: card data never reaches our server) the page
 * has no card fields: the checkout goes without them and the gateway takes the
 * card, Stripe in its Payment Element (payment/stripe), Redsys or Monei on
 * their own page (the answer's redirect). For an existing order (?order_id=)
 * the gateway's own page takes the card too.
 */
export default function CardPage() {
  const t = useT();
  usePageTitle(t('titles.checkout'));
  const { state } = useGuardState();
  const pay = usePay();
  const orderId = orderOfQuery();
  const gateway = useConfig().payment_gateways?.cc ?? 'sandbox';
  const form = useSchemaForm<CardValues>(CardFormSchema, { num: '', month: '', year: '', cvc: '' });
  const number = form.watch('num');

  if (!state) return <Loading />;
  const target = orderId ? 'stay' : cardGuard(state);
  if (target !== 'stay') return <GuardRedirect target={target} />;

  if (orderId || gateway !== 'sandbox') {
    const intro =
      gateway === 'sandbox'
        ? t('payment.card.hosted')
        : gateway === 'stripe'
          ? t('gatewayPay.cardElement')
          : t('gatewayPay.cardHosted');
    const payLabel =
      gateway === 'sandbox' || orderId
        ? undefined
        : gateway === 'stripe'
          ? t('checkout.continueCard')
          : t('gatewayPay.continueHosted');
    return (
      <PayForm
        title={t('payment.card.heading')}
        intro={intro}
        orderId={orderId}
        pay={pay}
        payLabel={payLabel}
        onPay={() => pay.mutate({ fields: { type: 'cc' }, orderId })}
      />
    );
  }

  const onPay = form.handleSubmit(async (card) => {
    try {
      await pay.mutateAsync({
        fields: {
          type: 'cc',
          num: compactCardNumber(String(card.num)),
          month: String(card.month),
          year: String(card.year),
          cvc: card.cvc,
        },
      });
    } catch (error) {
      form.applyServerErrors(error);
    }
  });

  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: String(i + 1).padStart(2, '0'),
  }));
  const numberValid = number.trim() !== '' && checkCardNumber(number) === null;

  return (
    <PayForm
      title={t('payment.card.heading')}
      orderId={null}
      pay={pay}
      onPay={onPay}
      fieldNames={CARD_FIELDS}
    >
      <TextField
        label={t('payment.card.number')}
        hint={t('payment.card.numberHint')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        error={form.errorOf('num')}
        {...form.register('num')}
      />
      {numberValid ? (
        <p role="status" className={styles.note}>
          {t('payment.card.valid')}
        </p>
      ) : null}
      <fieldset className={styles.row}>
        <legend>{t('payment.card.expiry')}</legend>
        <SelectField
          label={t('payment.card.month')}
          options={months}
          // Short, as on the card: a long 'Elige una opción' is cut in a half-width select on a phone.
          placeholder={t('payment.card.monthPlaceholder')}
          autoComplete="cc-exp-month"
          error={form.errorOf('month')}
          {...form.register('month')}
        />
        <TextField
          label={t('payment.card.year')}
          hint={t('payment.card.yearHint')}
          inputMode="numeric"
          autoComplete="cc-exp-year"
          maxLength={4}
          error={form.errorOf('year')}
          {...form.register('year')}
        />
      </fieldset>
      <TextField
        label={t('payment.card.cvc')}
        hint={t('payment.card.cvcHint')}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        error={form.errorOf('cvc')}
        {...form.register('cvc', {
          setValueAs: (value: string) => (value.trim() === '' ? undefined : value.trim()),
        })}
      />
      <p className={styles.note}>{t('payment.card.notStored')}</p>
    </PayForm>
  );
}
