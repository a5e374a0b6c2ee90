import { describe, expect, it } from 'vitest';
import { exitIntentKey } from './exit-intent.ts';

describe('exitIntentKey (spec 2 "Exit-intent dialog")', () => {
  it.each([
    ['/servicios', 'exitIntent.services'],
    ['/', 'exitIntent.services'],
    ['/nota-simple/step1?store_id=14', 'exitIntent.notaSimple.step1'],
    ['/nota-simple/step3', 'exitIntent.notaSimple.step3'],
    ['/nota-simple/step42', 'exitIntent.notaSimple.delivery'],
    ['/nota-simple/step6', 'exitIntent.notaSimple.step6'],
    ['/nota-simple', 'exitIntent.notaSimple.step0'],
    ['/q-propiedades/step2', 'exitIntent.qPropiedades.steps'],
    ['/q-propiedades/step7', 'exitIntent.qPropiedades.summary'],
    ['/customer/register', 'exitIntent.register'],
    ['/customer/authenticate', 'exitIntent.default'],
    ['/product/step1/18458', 'exitIntent.deed.step1'],
    ['/product/step6/18458', 'exitIntent.deed.step6'],
    ['/product/confirmation/18458', 'exitIntent.deed.confirmation'],
    ['/product/step2/18458', 'exitIntent.default'],
    ['/product/step1/18464', 'exitIntent.default'],
    ['/certidao-permanente/step3', 'exitIntent.portuguese'],
    ['/i-predial-simplificada/confirmation', 'exitIntent.portuguese'],
    ['/payment/cc', 'exitIntent.paymentCc'],
    ['/payment/bizum', 'exitIntent.payment'],
    ['/customer/payment', 'exitIntent.paymentChoice'],
    ['/payment/retry/NS-123', 'exitIntent.paymentChoice'],
    ['/payment/retry', 'exitIntent.paymentChoice'],
    ['/payment/order/NS-123', 'exitIntent.paymentChoice'],
    ['/about', 'exitIntent.default'],
  ])('%s -> %s', (path, key) => {
    expect(exitIntentKey(path)).toBe(key);
  });
});
