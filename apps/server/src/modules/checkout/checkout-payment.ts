import { cccToIban, type PaymentForm, PaymentMethodSchema } from '@shop/domain';
import { invalidField } from '../../http/app-error.ts';
import type { Visitor } from '../cart/cart.service.ts';
import type { GatewayRegistry, Offer } from '../payments/gateway-registry.ts';

/** The payment part of a checkout: a method and its fields (memory only), or null for the customer's preferred one. */
export type CheckoutPayment = PaymentForm | null;

/** The gateway fields of a payment form: strings only, never stored (the gateway gets them in memory). */
export function paymentFields(payment: PaymentForm): Record<string, string> {
  switch (payment.type) {
    case 'cc':
      // No card fields: the card gateway's own page or element takes the card (issue 17).
      if (payment.num === undefined) return {};
      return {
        num: payment.num,
        month: payment.month ?? '',
        year: payment.year ?? '',
        ...(payment.cvc ? { cvc: payment.cvc } : {}),
      };
    case 'bank':
      // No IBAN: the gateway's element takes it (Stripe SEPA Direct Debit).
      if (payment.ccc) return { iban: cccToIban(payment.ccc) };
      return payment.iban === undefined ? {} : { iban: payment.iban };
    case 'bizum':
    case 'mbway':
      return payment.phone ? { phone: payment.phone } : {};
    case 'monei':
      return payment.paymethod ? { paymethod: payment.paymethod } : {};
    case 'stripe':
      return payment.payment_method ? { payment_method: payment.payment_method } : {};
    default:
      return {};
  }
}

/**
 * The offer a checkout pays by (gateway-registry.ts): the form's method when
 * the store offers it (or the offered method of its family), else the
 * customer's preferred one, else the store's card. A method not offered is a
 * 400 on `form.type`, never an attempt that fails for want of a gateway. Our
 * own card form is the sandbox's only: card data for a real gateway, which
 * takes the card on its own page, is a clear 400 (issue 17 item 2).
 */
export function chooseOffer(gateways: GatewayRegistry, visitor: Visitor, payment: CheckoutPayment): Offer {
  const store = visitor.store;
  if (payment) {
    const offer = gateways.offerFor(store, payment.type);
    if (!offer) throw invalidField('form.type', 'invalid_option');
    if (
      payment.type === 'cc' &&
      offer.gateway.name !== 'sandbox' &&
      (payment.num || payment.month || payment.year)
    ) {
      throw invalidField('form.num', 'card_on_gateway_page');
    }
    return offer;
  }
  const preferred = PaymentMethodSchema.safeParse(visitor.session.customerPreferredPayment);
  const offer =
    (preferred.success ? gateways.offerFor(store, preferred.data) : undefined) ??
    gateways.offerFor(store, 'cc');
  if (!offer) throw invalidField('form.type', 'invalid_option');
  return offer;
}
