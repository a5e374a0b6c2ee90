import { needsPaymentSelection, type PaymentMethod } from '@shop/domain';

/** Product 18511 (permanent incapacity): with the cart display off it goes straight to checkout (spec 4). */
export const STRAIGHT_TO_CHECKOUT_PRODUCT = 18511;

/** What the guards of the customer and payment routes read (spec 4 "Guards and payment flow"). */
export interface GuardState {
  loggedIn: boolean;
  /** config.show_carrito */
  showCart: boolean;
  lastAddedProduct: number | null;
  /** The invalid-payment flag is set (a payment failed). */
  invalidPayment: boolean;
  /** The e-mail a new customer gave at register (temporal_validated_email). */
  validatedEmail: string | null;
  /** The client's preferred payment (GET client); null for an anonymous visitor or before it loaded. */
  preferredPayment: PaymentMethod | null;
  /** The method chosen on customer/payment and when (temporal_payment_selected and its date). */
  selection: { method: PaymentMethod; selectedAt: number } | null;
  now: number;
}

export type GuardTarget = 'payment' | 'checkout' | 'register' | 'stay';

/** customer/register and customer/authenticate: a logged-in customer goes to payment. */
export function identificationGuard(state: Pick<GuardState, 'loggedIn'>): GuardTarget {
  return state.loggedIn ? 'payment' : 'stay';
}

/** Whether a new payment method must be chosen (spec 4: a selection is fresh for 5 minutes). */
export function mustChoosePayment(state: GuardState): boolean {
  return needsPaymentSelection({
    preferredPayment: state.preferredPayment,
    selectedAt: state.selection?.selectedAt ?? null,
    now: state.now,
  });
}

/**
 * customer/payment (spec 4): the last added product is 18511 and the cart
 * display is off -> checkout; logged in with no invalid payment and no method to
 * choose -> checkout; not logged in and no registered e-mail -> register.
 */
export function paymentGuard(state: GuardState): GuardTarget {
  if (state.lastAddedProduct === STRAIGHT_TO_CHECKOUT_PRODUCT && !state.showCart) return 'checkout';
  if (state.loggedIn && !state.invalidPayment && !mustChoosePayment(state)) return 'checkout';
  if (!state.loggedIn && !state.validatedEmail) return 'register';
  return 'stay';
}

/**
 * The method the customer pays with: a fresh selection, else (nothing to choose)
 * the client's preferred payment, card by default.
 */
export function chosenMethod(state: GuardState): PaymentMethod {
  if (state.selection && !mustChoosePayment(state)) return state.selection.method;
  return state.preferredPayment ?? 'cc';
}

/**
 * payment/cc (spec 4): if the method selected is card, stay; PayPal goes to
 * checkout; anything else goes to payment. ("A logged-in user with nothing to
 * fix goes to checkout" is a customer with a stored card: we never store card
 * data, so a card payment always asks for the card here.)
 */
export function cardGuard(state: GuardState): GuardTarget {
  if (!state.loggedIn && !state.validatedEmail) return 'register';
  if (mustChoosePayment(state)) return 'payment';
  const method = chosenMethod(state);
  if (method === 'cc') return 'stay';
  if (method === 'paypal') return 'checkout';
  return 'payment';
}

/** A method page other than the card's: stays when that method is chosen and fresh, else payment. */
export function methodGuard(state: GuardState, method: PaymentMethod): GuardTarget {
  if (!state.loggedIn && !state.validatedEmail) return 'register';
  if (mustChoosePayment(state) || chosenMethod(state) !== method) return 'payment';
  return 'stay';
}

/**
 * customer/checkout: who has not identified goes to register; an invalid
 * payment or a stale selection goes to payment (to choose again).
 */
export function checkoutGuard(state: GuardState): GuardTarget {
  if (!state.loggedIn && !state.validatedEmail) {
    return 'register';
  }
  if (state.lastAddedProduct === STRAIGHT_TO_CHECKOUT_PRODUCT && !state.showCart) return 'stay';
  if (state.invalidPayment || mustChoosePayment(state)) return 'payment';
  return 'stay';
}
