import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  checkoutAuthenticated,
  checkoutRegister,
  type PaymentAnswer,
  type PaymentFields,
  payOrder,
} from '../../../shared/api/customer.ts';
import { newRequestId } from '../../../shared/api/request-id.ts';
import { getConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import {
  clearInvalidPayment,
  readValidatedEmail,
  savePaymentSelection,
  saveVoucherUrl,
  setInvalidPayment,
} from '../../../shared/storage/checkout-storage.ts';
import { chosenBilling } from '../utils/billing-choice.ts';
import { browser } from '../utils/browser.ts';
import { voucherPath } from '../utils/next-step.ts';
import { setStripeIntent } from '../utils/stripe-intent.ts';

export interface PayInput {
  fields: PaymentFields;
  /** An existing order to pay (payment/retry, payment/order): the session's quote is not checked out again. */
  orderId?: string | null;
}

/**
 * Submits a payment: the checkout of the session's quote, or another attempt
 * for an existing order. Each submit has its own request id (a double click
 * submits once per click; the server answers a repeat of one with its order).
 */
function submit({ fields, orderId }: PayInput): Promise<PaymentAnswer> {
  if (orderId) return payOrder(orderId, fields.type, fields.phone ? { phone: fields.phone } : {});
  const requestId = newRequestId();
  const billing = chosenBilling() ?? undefined;
  if (getConfig().loggedIn) return checkoutAuthenticated(fields, requestId, billing);
  const registered = readValidatedEmail();
  if (!registered) throw new Error('A new customer checks out after register (the guard sends them there).');
  return checkoutRegister(fields, registered.email, requestId, billing);
}

/**
 * The payment submit (react-query mutation) and what its answer's `next` does
 * (DECISIONS.md "Checkout payloads"): success and pending -> the success page;
 * a 3-D Secure challenge or a gateway page -> that page; a voucher -> the
 * voucher page; the Stripe element -> payment/stripe (?method=bank for SEPA); failed -> the
 * invalid-payment flag and the retry page (the failed-payment text, the other methods).
 */
export function usePay() {
  const [, navigate] = useLocation();
  const t = useT();
  return useMutation({
    mutationFn: submit,
    onSuccess: (answer, input) => {
      const orderId = answer.order_id;
      const next = answer.next;
      if (next.type !== 'failed') savePaymentSelection(null);
      switch (next.type) {
        case 'success':
        case 'pending':
          clearInvalidPayment();
          navigate(paths.checkoutSuccess(orderId));
          return;
        case 'redirect':
        case '3ds':
          clearInvalidPayment();
          browser.leave(next.url);
          return;
        case 'voucher': {
          clearInvalidPayment();
          const path = voucherPath(orderId, next);
          saveVoucherUrl(path);
          navigate(path);
          return;
        }
        case 'stripe': {
          // Direct debit through Stripe: the IBAN and its mandate in the element (payment/stripe?method=bank).
          const sepa = input.fields.type === 'bank';
          setStripeIntent({
            orderId,
            clientSecret: next.client_secret,
            publishableKey: next.publishable_key,
            kind: sepa ? 'sepa' : 'card',
          });
          navigate(sepa ? paths.stripeSepa() : paths.paymentMethod('stripe'));
          return;
        }
        case 'failed':
          // The retry page says it, once, with "no money was taken" (issue 17 item 5).
          setInvalidPayment(orderId, next.message || t('payments.failed'));
          navigate(paths.paymentRetry(orderId));
          return;
      }
    },
  });
}
