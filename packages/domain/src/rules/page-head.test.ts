import { describe, expect, it } from 'vitest';
import { pageHeadOf, pageTitleText } from './page-head.ts';

describe('pageHeadOf (spec 2 "Page titles")', () => {
  it.each([
    ['/customer/register', 14, 'titles.identification'],
    ['/customer/authenticate/a@b.es', 16, 'titles.identification'],
    ['/customer/payment', 14, 'titles.checkout'],
    ['/customer/checkout', 14, 'titles.checkout'],
    ['/payment/cc', 14, 'titles.checkout'],
    ['/payment/3ds/order/1400000001', 14, 'titles.checkout'],
    ['/checkout/success/1400000001', 14, 'titles.checkout'],
    ['/customer/orders', 14, 'titles.orders'],
    ['/customer/details', 14, 'billing.detailsTitle'],
    ['/nota-simple/step3?store_id=14', 14, 'ns.pageTitle'],
    ['/q-propiedades/step1', 9, 'qp.pageTitle'],
    ['/certidao-permanente/confirmation', 16, 'certidao.name'],
    ['/i-predial-simplificada/step21', 26, 'ipredial.name'],
    ['/cart/add/ns', 14, 'cart.menuTitle'],
    ['/about', 1, 'titles.about'],
    ['/privacy', 14, 'legalPages.privacy.title'],
    ['/conditions', 16, 'legalPages.conditions.title'],
    ['/servicios', 14, 'titles.servicesRegistry'],
    ['/servicios/reset', 16, 'titles.services'],
    ['', 1, 'titles.services'],
    ['/anything/else', 12, 'titles.servicesRegistry'],
  ])('%s on store %i -> %s', (path, storeId, title) => {
    expect(pageHeadOf(path, storeId)).toMatchObject({ title, product: null });
  });

  it('a generic product route names its product; a malformed one is the services screen', () => {
    expect(pageHeadOf('/product/step3/18464', 14)).toMatchObject({
      product: 18464,
      description: 'meta.product',
    });
    expect(pageHeadOf('/product/confirmation/18458', 1).product).toBe(18458);
    expect(pageHeadOf('/product/step1/abc', 1)).toMatchObject({ title: 'titles.services', product: null });
  });

  it('per store: the services description follows what the store sells', () => {
    expect(pageHeadOf('/servicios', 14).description).toBe('meta.servicesRegistry');
    expect(pageHeadOf('/servicios', 28).description).toBe('meta.servicesPortuguese');
    expect(pageHeadOf('/servicios', 18).description).toBe('meta.services');
  });

  it('a landing page titles itself with its municipality', () => {
    expect(pageHeadOf('/RegistroPropiedad/getafe', 14).title).toBeNull();
    expect(pageHeadOf('/NotaSimpleRegistroPropiedad/getafe', 14).title).toBeNull();
  });

  it('joins title and portal name', () => {
    expect(pageTitleText('Checkout', 'Portal')).toBe('Checkout | Portal');
    expect(pageTitleText('', 'Portal')).toBe('Portal');
  });
});
