import type { PaymentMethod } from '@shop/domain';

// No zod here: the services screen (entry chunk) reads these keys, and a schema
// built at module level would stay in its bundle.
const METHODS: readonly PaymentMethod[] = [
  'cc',
  'paypal',
  'multibanco',
  'bank',
  'stripe',
  'bizum',
  'monei',
  'moneimultibanco',
  'mbway',
];

/**
 * The spec 3 storage keys of the customer and payment routes. Card data is never
 * stored (spec 3: number, month and year live only in memory).
 *
 * localStorage: the invalid-payment flag and its message (read back by
 * servicios/reset), the last added product (the 18511 rule), the last success id
 * and the purchase{orderId} marks, the Multibanco voucher's URL.
 * sessionStorage: what identifies this visit's checkout (the e-mail validated at
 * register and the terms accepted with it, the payment selection and its date,
 * the page to return to after logging in).
 */
export const CHECKOUT_KEYS = {
  validatedEmail: 'temporal_validated_email',
  invalidPayment: 'temporal_invalid_payment',
  paymentMessage: 'payment_message',
  paymentSelected: 'temporal_payment_selected',
  paymentSelectedDate: 'temporal_payment_selected_date',
  lastSuccessId: 'last_success_id',
  lastAddedProduct: 'last_added_product',
  multibancoVoucherUrl: 'multibanco_voucher_url',
  backLoginPage: 'back_login_page',
} as const;

type Area = 'local' | 'session';

function storage(area: Area): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // Storage blocked: the flow still works within the page.
  }
}

function read(area: Area, key: string): string | null {
  return storage(area)?.getItem(key) ?? null;
}

function write(area: Area, key: string, value: string | null): void {
  const s = storage(area);
  if (!s) return;
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Quota or privacy mode: nothing to keep.
  }
}

/** The e-mail a new customer gave at register (checked as not registered), with when the terms were accepted. */
export interface ValidatedEmail {
  email: string;
  acceptedAt: number;
}

export function readValidatedEmail(): ValidatedEmail | null {
  const raw = read('session', CHECKOUT_KEYS.validatedEmail);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { email, acceptedAt } = value as Record<string, unknown>;
    return typeof email === 'string' && typeof acceptedAt === 'number' ? { email, acceptedAt } : null;
  } catch {
    return null;
  }
}

export function saveValidatedEmail(value: ValidatedEmail | null): void {
  write('session', CHECKOUT_KEYS.validatedEmail, value ? JSON.stringify(value) : null);
}

/** The payment method chosen on customer/payment and when (spec 4: fresh for 5 minutes). */
export interface PaymentSelection {
  method: PaymentMethod;
  selectedAt: number;
}

export function readPaymentSelection(): PaymentSelection | null {
  const method = METHODS.find((m) => m === read('session', CHECKOUT_KEYS.paymentSelected));
  const selectedAt = Number(read('session', CHECKOUT_KEYS.paymentSelectedDate));
  if (!method || !Number.isFinite(selectedAt) || selectedAt <= 0) return null;
  return { method, selectedAt };
}

export function savePaymentSelection(method: PaymentMethod | null, now = Date.now()): void {
  write('session', CHECKOUT_KEYS.paymentSelected, method);
  write('session', CHECKOUT_KEYS.paymentSelectedDate, method ? String(now) : null);
}

/** A failed payment: the invalid-payment flag (holding the order to pay) and the message servicios/reset shows. */
export function setInvalidPayment(orderId: string, message: string): void {
  write('local', CHECKOUT_KEYS.invalidPayment, orderId);
  write('local', CHECKOUT_KEYS.paymentMessage, message);
}

/** The order whose payment failed, or null when the flag is not set. */
export function readInvalidPayment(): string | null {
  const value = read('local', CHECKOUT_KEYS.invalidPayment);
  return value ? value : null;
}

export function readPaymentMessage(): string | null {
  return read('local', CHECKOUT_KEYS.paymentMessage);
}

export function clearInvalidPayment(): void {
  write('local', CHECKOUT_KEYS.invalidPayment, null);
  write('local', CHECKOUT_KEYS.paymentMessage, null);
}

/** The product of the last add to the cart (spec 4: the 18511 rule). */
export function saveLastAddedProduct(productId: number): void {
  write('local', CHECKOUT_KEYS.lastAddedProduct, String(productId));
}

export function readLastAddedProduct(): number | null {
  const value = Number(read('local', CHECKOUT_KEYS.lastAddedProduct));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function saveLastSuccessId(orderId: string): void {
  write('local', CHECKOUT_KEYS.lastSuccessId, orderId);
}

export function readLastSuccessId(): string | null {
  return read('local', CHECKOUT_KEYS.lastSuccessId);
}

export function saveVoucherUrl(url: string | null): void {
  write('local', CHECKOUT_KEYS.multibancoVoucherUrl, url);
}

export function readVoucherUrl(): string | null {
  return read('local', CHECKOUT_KEYS.multibancoVoucherUrl);
}

/** Where to go back after logging in (spec 3 back_login_page). */
export function saveBackLoginPage(path: string | null): void {
  write('session', CHECKOUT_KEYS.backLoginPage, path);
}

export function readBackLoginPage(): string | null {
  return read('session', CHECKOUT_KEYS.backLoginPage);
}

/** Logging out forgets this visit's checkout. */
export function clearCheckoutSession(): void {
  saveValidatedEmail(null);
  savePaymentSelection(null);
  saveBackLoginPage(null);
}
