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

/** Direct debit through Stripe: payment/stripe?method=bank. */
const isSepaPage = () => new URLSearchParams(window.location.search).get('method') === 'bank';

/**
 * payment/stripe: the Stripe Payment Element for the PaymentIntent the checkout
 * answered with (`next.type === 'stripe'`). Stripe.js is loaded only here (its
 * own chunk, `@stripe/stripe-js/pure` so nothing loads before this page); the
 * intent comes from the checkout this page submits with type 'stripe' (or from
 * another attempt for an order, ?order_id=); the
 * card data goes from Stripe's iframe to Stripe, never through our server.
 * Stripe returns to checkout/3ds, which completes the order (stripe/rest/process).
 * Direct debit (?method=bank): the element takes the IBAN and the page shows
 * Stripe's SEPA mandate text with the shop's name above the button that
 * accepts it, so the customer reads the mandate before the account is debited
 * (Stripe's "SEPA Direct Debit" guide: the mandate acknowledgement; the element's
 * own copy is turned off so it is not shown twice). Apple Pay and Google Pay
 * show in the card element only where the store enables them (config.payment_wallets).
 */
export default function StripePage() {
  const t = useT();
  const config = useConfig();
  const { app_prefix } = config;
  usePageTitle(t('titles.checkout'));
  const stored = useStripeIntent();
  const sepaPage = isSepaPage();
  // An intent for the other kind (a card intent on the SEPA page) is not this page's.
  const intent = stored && (stored.kind === 'sepa') === sepaPage ? stored : null;
  const wallets = config.payment_wallets === true;
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
        elements
          .create('payment', {
            wallets: wallets
              ? { applePay: 'auto', googlePay: 'auto' }
              : { applePay: 'never', googlePay: 'never' },
            // The mandate text is this page's own (above the button), in the store's language.
            terms: { sepaDebit: 'never' },
          })
          .mount(mountRef.current);
        stripeRef.current = { stripe, elements };
        setElement({ status: 'ready' });
      })
      .catch(() => live && setElement({ status: 'unavailable' }));
    return () => {
      live = false;
    };
  }, [intent, wallets]);

  if (!intent) {
    // First the checkout (or another attempt for the order) with type 'stripe': its answer brings the intent.
    if (!state) return <Loading />;
    const method = sepaPage ? 'bank' : 'stripe';
    const target = orderId ? 'stay' : methodGuard(state, method);
    if (target !== 'stay') return <GuardRedirect target={target} />;
    return (
      <PayForm
        title={t(sepaPage ? 'gatewayPay.sepaHeading' : 'payment.stripe.heading')}
        intro={sepaPage ? t('gatewayPay.ibanAtStripe') : undefined}
        orderId={orderId}
        pay={pay}
        onPay={() => pay.mutate({ fields: { type: method }, orderId })}
      />
    );
  }
  const sepa = intent.kind === 'sepa';

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
    <PayForm
      title={t(sepa ? 'gatewayPay.sepaHeading' : 'payment.stripe.heading')}
      orderId={intent.orderId}
      pay={pay}
      onPay={onPay}
      payLabel={sepa ? t('gatewayPay.sepaAccept') : undefined}
    >
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
      {sepa ? (
        <section aria-labelledby="sepa-mandate-title" className={styles.note}>
          <h2 id="sepa-mandate-title">{t('gatewayPay.sepaMandateTitle')}</h2>
          <p>{t('gatewayPay.sepaMandate', { name: config.portal_name })}</p>
        </section>
      ) : null}
    </PayForm>
  );
}
