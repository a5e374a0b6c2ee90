import { isValidMbwayPhone, mbwayPhoneDigits } from '@shop/domain';
import * as z from 'zod/mini';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useGuardState } from '../hooks/use-guard-state.ts';
import { usePay } from '../hooks/use-pay.ts';
import { methodGuard } from '../utils/guards.ts';
import { orderOfQuery } from '../utils/order-query.ts';
import { GuardRedirect } from './guard-redirect.tsx';
import { Loading } from './loading.tsx';
import { PayForm } from './pay-form.tsx';

/** The domain's rule: a Portuguese mobile number, 9 digits starting with 9, +351 optional. */
const PhoneSchema = z.object({
  phone: z
    .string()
    .check(z.refine((value: string) => isValidMbwayPhone(value), { error: 'invalid_mbway_phone' })),
});
type PhoneValues = z.input<typeof PhoneSchema>;

/**
 * payment/mbway (issue 17 item 7): the customer's MB WAY number, then the
 * checkout (or, with ?order_id=, another attempt for that order). The request
 * goes to the MB WAY app; the success page waits for the answer.
 */
export default function MbwayPage() {
  const t = useT();
  usePageTitle(t('titles.checkout'));
  const { state } = useGuardState();
  const pay = usePay();
  const orderId = orderOfQuery();
  const form = useSchemaForm<PhoneValues>(PhoneSchema, { phone: '' });

  if (!state) return <Loading />;
  const target = orderId ? 'stay' : methodGuard(state, 'mbway');
  if (target !== 'stay') return <GuardRedirect target={target} />;

  const onPay = form.handleSubmit(async ({ phone }) => {
    try {
      await pay.mutateAsync({ fields: { type: 'mbway', phone: mbwayPhoneDigits(phone) ?? phone }, orderId });
    } catch (error) {
      form.applyServerErrors(error);
    }
  });

  return (
    <PayForm
      title={t('mbway.heading')}
      intro={t('mbway.intro')}
      orderId={orderId}
      pay={pay}
      onPay={onPay}
      fieldNames={['phone']}
    >
      <TextField
        label={t('mbway.phone')}
        hint={t('mbway.phoneHint')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={form.errorOf('phone')}
        {...form.register('phone')}
      />
    </PayForm>
  );
}
