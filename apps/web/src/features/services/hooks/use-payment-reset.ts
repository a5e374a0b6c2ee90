import { useEffect } from 'react';
import { useT } from '../../../shared/i18n/use-t.ts';
import { CHECKOUT_KEYS } from '../../../shared/storage/checkout-storage.ts';
import { showSnackbar } from '../../../shared/ui/snackbar-store.ts';

/** localStorage keys of spec 3 that the payment pages set when a payment fails. */
export const PAYMENT_MESSAGE_KEY = CHECKOUT_KEYS.paymentMessage;
export const INVALID_PAYMENT_KEY = CHECKOUT_KEYS.invalidPayment;

/** The stored text: a plain string, or a JSON string ('"Ha fallado…"'). */
function readMessage(storage: Storage): string {
  const raw = storage.getItem(PAYMENT_MESSAGE_KEY) ?? '';
  if (!raw.startsWith('"')) return raw.trim();
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'string' ? parsed.trim() : '';
  } catch {
    return raw.trim();
  }
}

/**
 * servicios/reset (spec 2 and 4): shows the stored payment-failure message in a
 * snackbar with an 'Ok' action and clears the invalid-payment flag. The message
 * is removed too, so a second visit does not repeat it.
 */
export function consumePaymentFailure(storage: Storage): string | null {
  const message = readMessage(storage);
  storage.removeItem(INVALID_PAYMENT_KEY);
  storage.removeItem(PAYMENT_MESSAGE_KEY);
  return message || null;
}

/** Runs consumePaymentFailure once when `active` (the reset route). */
export function usePaymentReset(active: boolean): void {
  const t = useT();
  useEffect(() => {
    if (!active) return;
    let message: string | null = null;
    try {
      message = consumePaymentFailure(window.localStorage);
    } catch {
      return; // Storage blocked: nothing was stored either.
    }
    if (message) showSnackbar({ message, action: { label: t('common.ok') }, duration: null });
  }, [active, t]);
}
