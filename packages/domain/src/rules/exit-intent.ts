import type { TranslationKey } from '../i18n/translate.ts';
import { PRODUCT_IDS } from './products.ts';

const NS_STEPS: Readonly<Record<string, TranslationKey>> = {
  step0: 'exitIntent.notaSimple.step0',
  step1: 'exitIntent.notaSimple.step1',
  step2: 'exitIntent.notaSimple.step2',
  step3: 'exitIntent.notaSimple.step3',
  step4: 'exitIntent.notaSimple.step4',
  step41: 'exitIntent.notaSimple.delivery',
  step42: 'exitIntent.notaSimple.delivery',
  step5: 'exitIntent.notaSimple.step5',
  step6: 'exitIntent.notaSimple.step6',
};

const DEED_STEPS: Readonly<Record<string, TranslationKey>> = {
  step1: 'exitIntent.deed.step1',
  step6: 'exitIntent.deed.step6',
  confirmation: 'exitIntent.deed.confirmation',
};

/**
 * The exit-intent dialog's help text for a route (spec 2 "Exit-intent dialog"),
 * `path` relative to the application prefix: specific texts for the Nota Simple
 * steps, the properties-search steps, register, the deed product's steps 1, 6
 * and confirmation, the Portuguese wizards, services, payment and payment/cc,
 * and the payment choice page (customer/payment, payment/retry, payment/order);
 * the default text everywhere else.
 */
export function exitIntentKey(path: string): TranslationKey {
  const [first, second, third] = path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  switch (first) {
    case undefined:
    case 'servicios':
      return 'exitIntent.services';
    case 'nota-simple':
      return NS_STEPS[second ?? 'step0'] ?? 'exitIntent.default';
    case 'q-propiedades':
      return second === 'step7' ? 'exitIntent.qPropiedades.summary' : 'exitIntent.qPropiedades.steps';
    case 'certidao-permanente':
    case 'i-predial-simplificada':
      return 'exitIntent.portuguese';
    case 'customer':
      if (second === 'payment') return 'exitIntent.paymentChoice';
      return second === 'register' ? 'exitIntent.register' : 'exitIntent.default';
    case 'payment':
      // The payment choice page in its retry and pay-later forms (issue 20 item 10).
      if (second === 'retry' || second === 'order') return 'exitIntent.paymentChoice';
      return second === 'cc' ? 'exitIntent.paymentCc' : 'exitIntent.payment';
    case 'product':
      if (Number(third) === PRODUCT_IDS.notarialDeed) return DEED_STEPS[second ?? ''] ?? 'exitIntent.default';
      return 'exitIntent.default';
    default:
      return 'exitIntent.default';
  }
}
