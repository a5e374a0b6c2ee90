import type { PaymentMethod } from '@shop/domain';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useGuardState } from '../hooks/use-guard-state.ts';
import { usePay } from '../hooks/use-pay.ts';
import { methodGuard } from '../utils/guards.ts';
import { voucherFromQuery } from '../utils/next-step.ts';
import { orderOfQuery } from '../utils/order-query.ts';
import { GuardRedirect } from './guard-redirect.tsx';
import { Loading } from './loading.tsx';
import { PayForm } from './pay-form.tsx';
import { VoucherView } from './voucher-view.tsx';

/** The methods whose page only confirms: the gateway's own page (or a voucher) does the rest. */
export type GatewayMethod = Extract<
  PaymentMethod,
  'bizum' | 'paypal' | 'monei' | 'moneimultibanco' | 'multibanco'
>;

const TEXTS = {
  bizum: ['payment.bizum.heading', 'payment.bizum.intro'],
  paypal: ['payment.paypal.heading', 'payment.paypal.intro'],
  monei: ['payment.monei.heading', 'payment.monei.intro'],
  moneimultibanco: ['payment.multibanco.heading', 'payment.multibanco.intro'],
  multibanco: ['payment.multibanco.heading', 'payment.multibanco.intro'],
} as const;

/**
 * payment/bizum, payment/paypal, payment/monei, payment/monei/multibanco and
 * payment/multibanco: what the method does, then the checkout (or, with
 * ?order_id=, another attempt for that order). payment/multibanco with a voucher
 * in its query shows the voucher (entity, reference, amount, expiry).
 */
export default function MethodPage({ method }: { method: GatewayMethod }) {
  const t = useT();
  usePageTitle(t('titles.checkout'));
  const { state } = useGuardState();
  const pay = usePay();
  const orderId = orderOfQuery();
  const voucher =
    method === 'multibanco' || method === 'moneimultibanco' ? voucherFromQuery(window.location.search) : null;

  if (voucher) return <VoucherView voucher={voucher} />;
  if (!state) return <Loading />;
  const target = orderId ? 'stay' : methodGuard(state, method);
  if (target !== 'stay') return <GuardRedirect target={target} />;

  const [heading, intro] = TEXTS[method];
  return (
    <PayForm
      title={t(heading)}
      intro={t(intro)}
      orderId={orderId}
      pay={pay}
      onPay={() => pay.mutate({ fields: { type: method }, orderId })}
    />
  );
}
