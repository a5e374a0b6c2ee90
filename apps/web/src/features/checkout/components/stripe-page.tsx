import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useConfig } from '../../../shared/config/config-store.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { useGuardState } from '../hooks/use-guard-state.ts';
import { usePay } from '../hooks/use-pay.ts';
import { methodGuard } from '../utils/guards.ts';
import { orderOfQuery } from '../utils/order-query.ts';
import { useStripeIntent } from '../utils/stripe-intent.ts';
import styles from './checkout.module.css';
import { GuardRedirect } from './guard-redirect.tsx';
import { Loading } from './loading.tsx';
import { PayForm } from './pay-form.tsx';

type ElementState = { status: 'loading' } | { status: 'ready' } | { status: 'unavailable' };

/**
 * payment/stripe: the Stripe Payment Element for the PaymentIntent the checkout
 * answered with (`next.type === 'stripe'`). Stripe.js is loaded only here (its
 * own chunk, `@stripe/stripe-js/pure` so nothing loads before this page); the
 * intent comes from the checkout this page submits with type 'stripe' (or from
 * another attempt for an order, ?order_id=); the
 * card data goes from Stripe's iframe to Stripe, never through our server.
 * Stripe returns to checkout/3ds, which completes the order (stripe/rest/process).
 */
export default function StripePage() {
  const t = useT();
  const { app_prefix } = useConfig();
  usePageTitle(t('titles.checkout'));
  const intent = useStripeIntent();
  const pay = usePay();
  const { state } = useGuardState();
  const orderId = orderOfQuery();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [element, setElement] = useState<ElementState>({ status: 'loading' });
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!intent) return;
    let live = true;
    import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(intent.publishableKey))
      .then((stripe) => {
        if (!live) return;
        if (!stripe || !mountRef.current) {
          setElement({ status: 'unavailable' });
          return;
        }
        const elements = stripe.elements({ clientSecret: intent.clientSecret });
        elements.create('payment').mount(mountRef.current);
        stripeRef.current = { stripe, elements };
        setElement({ status: 'ready' });
      })
      .catch(() => live && setElement({ status: 'unavailable' }));
    return () => {
      live = false;
    };
  }, [intent]);

  if (!intent) {
    // First the checkout (or another attempt for the order) with type 'stripe': its answer brings the intent.
    if (!state) return <Loading />;
    const target = orderId ? 'stay' : methodGuard(state, 'stripe');
    if (target !== 'stay') return <GuardRedirect target={target} />;
    return (
      <PayForm
        title={t('payment.stripe.heading')}
        orderId={orderId}
        pay={pay}
        onPay={() => pay.mutate({ fields: { type: 'stripe' }, orderId })}
      />
    );
  }

  const onPay = async () => {
    const loaded = stripeRef.current;
    if (!loaded) return;
    const back = new URL(
      `${app_prefix.replace(/\/+$/, '')}${paths.payment3ds(intent.orderId)}`,
      window.location.href,
    );
    const { error } = await loaded.stripe.confirmPayment({
      elements: loaded.elements,
      confirmParams: { return_url: back.href },
    });
    // Only an immediate error comes back here; otherwise Stripe has left for return_url.
    setMessage(error?.message ?? t('payment.notAccepted'));
  };

  return (
    <PayForm title={t('payment.stripe.heading')} orderId={intent.orderId} pay={pay} onPay={onPay}>
      {message ? (
        <p role="alert" className={styles.alert}>
          {message}
        </p>
      ) : null}
      {element.status === 'loading' ? <p role="status">{t('payment.stripe.loading')}</p> : null}
      {element.status === 'unavailable' ? (
        <p role="alert" className={styles.alert}>
          {t('payment.stripe.unavailable')}
        </p>
      ) : null}
      <div ref={mountRef} className={styles.element} />
    </PayForm>
  );
}
