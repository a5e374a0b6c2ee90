import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { errorsOf } from '../testing/errors.ts';
import {
  BillingSchema,
  billingSchemaFor,
  CardPaymentSchema,
  ClientDataSchema,
  PaymentFormSchema,
} from './client.ts';

const spanish = {
  name: 'Ejemplo SL',
  tax_id: 'B12345674',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  postcode: '28001',
  province: 'Madrid',
  email: 'Cliente@Example.com ',
  phone: '+34 912 345 678',
};
const portuguese = {
  ...spanish,
  tax_id: '123456789',
  postcode: '1000-001',
  city: 'Lisboa',
  province: 'Lisboa',
};

describe('billing data', () => {
  it("accepts any person's or company's name (Łukasz Dvořák, João Conceição)", () => {
    for (const name of ['Łukasz Dvořák', 'João Conceição', 'Søren Ærø ApS', 'Ελληνική Εταιρεία'])
      expect(errorsOf(billingSchemaFor(14), { ...spanish, name })).toEqual([]);
  });
  it('normalises the e-mail', () => {
    expect(z.parse(BillingSchema, spanish).email).toBe('cliente@example.com');
  });
  it.each([
    ['complete', {}, []],
    ['no name', { name: '' }, ['name: name_required']],
    ['no tax id', { tax_id: undefined }, ['tax_id: tax_id_required']],
    ['bad e-mail', { email: 'x@' }, ['email: invalid_email']],
    ['no e-mail', { email: '' }, ['email: email_required']],
    ['bad phone', { phone: '12' }, ['phone: invalid_phone']],
    ['no city', { city: ' ' }, ['city: required']],
  ] as const)('%s', (_name, change, expected) => {
    expect(errorsOf(BillingSchema, { ...spanish, ...change })).toEqual(expected);
  });
  it.each([
    [14, spanish, []],
    [14, { ...spanish, tax_id: '12345678Z' }, []],
    [14, { ...spanish, tax_id: 'X1234567L' }, []],
    // NIE with Y and Z, a wrong NIE letter; CIF with a letter control (public bodies) and a wrong one.
    [14, { ...spanish, tax_id: 'Y1234567X' }, []],
    [14, { ...spanish, tax_id: 'Z1234567R' }, []],
    [14, { ...spanish, tax_id: 'X1234567A' }, ['tax_id: invalid_tax_id']],
    [14, { ...spanish, tax_id: 'Q2826000H' }, []],
    [14, { ...spanish, tax_id: 'P2807900B' }, []],
    [14, { ...spanish, tax_id: 'P2807900C' }, ['tax_id: invalid_tax_id']],
    [14, { ...spanish, postcode: '2800' }, ['postcode: invalid_postal_code']],
    [16, { ...portuguese, tax_id: '501964843' }, []],
    [16, { ...portuguese, postcode: '1000' }, ['postcode: invalid_postal_code']],
    [14, { ...spanish, tax_id: 'B12345675' }, ['tax_id: invalid_tax_id']],
    [14, { ...spanish, postcode: '53001' }, ['postcode: invalid_postal_code']],
    [14, portuguese, ['tax_id: invalid_tax_id', 'postcode: invalid_postal_code']],
    [16, portuguese, []],
    [26, { ...portuguese, tax_id: '123456780' }, ['tax_id: invalid_tax_id']],
    [28, { ...portuguese, postcode: '1000001' }, ['postcode: invalid_postal_code']],
    [16, spanish, ['tax_id: invalid_tax_id', 'postcode: invalid_postal_code']],
    [18, { ...spanish, tax_id: 'GB123456789', postcode: 'SW1A 1AA' }, []],
    [20, { ...spanish, tax_id: 'NL123', postcode: '1011 AB' }, []],
    [1, spanish, []],
  ] as const)('store %i: %j', (store, billing, expected) => {
    expect(errorsOf(billingSchemaFor(store), billing)).toEqual(expected);
  });
});

describe('card payment', () => {
  const card = { type: 'cc', num: '4111 1111 1111 1111', month: '03', year: '2027' };
  it('stores the month without a leading zero and a 4-digit year', () => {
    expect(z.parse(CardPaymentSchema, card)).toEqual({
      type: 'cc',
      num: '4111 1111 1111 1111',
      month: '3',
      year: '2027',
    });
    expect(z.parse(CardPaymentSchema, { ...card, month: 11, year: '29' })).toMatchObject({
      month: '11',
      year: '2029',
    });
  });
  it.each([
    ['valid', {}, []],
    ['Luhn fails', { num: '4111111111111112' }, ['num: invalid_card_number']],
    ['15 digits', { num: '378282246310005' }, ['num: invalid_card_number']],
    ['no number', { num: undefined }, ['num: invalid_card_number']],
    ['month 13', { month: '13' }, ['month: invalid_card_month']],
    ['blank month', { month: '' }, ['month: card_date_required']],
    ['no month', { month: undefined }, ['month: card_date_required']],
    ['bad year', { year: '202' }, ['year: invalid_card_year']],
    ['blank year', { year: '' }, ['year: card_date_required']],
    ['cvc', { cvc: '123' }, []],
    ['bad cvc', { cvc: '12' }, ['cvc: invalid_value']],
  ] as const)('%s', (_name, change, expected) => {
    expect(errorsOf(CardPaymentSchema, { ...card, ...change })).toEqual(expected);
  });
});

describe('payment form variants', () => {
  it.each([
    [{ type: 'bizum' }, []],
    [{ type: 'paypal' }, []],
    [{ type: 'multibanco' }, []],
    [{ type: 'moneimultibanco' }, []],
    [{ type: 'monei', paymethod: 'card' }, []],
    [{ type: 'stripe' }, []],
    [{ type: 'bank', iban: 'ES91 2100 0418 4502 0005 1332' }, []],
    [{ type: 'bank', iban: 'ES9121000418450200051333' }, ['iban: invalid_iban']],
    // The IBAN in the gateway's element (Stripe SEPA): none in the form.
    [{ type: 'bank' }, []],
    [{ type: 'bank', iban: '' }, ['iban: invalid_iban']],
    // The card on the gateway's page or element: no card fields; half a card form is refused.
    [{ type: 'cc' }, []],
    [{ type: 'cc', num: '4242424242424242', month: '3', year: '2034' }, []],
    [{ type: 'cc', num: '4242424242424242' }, ['month: card_date_required', 'year: card_date_required']],
    [{ type: 'cc', month: '3', year: '2034' }, ['num: invalid_card_number']],
    [{ type: 'bank', ccc: { entidad: '2100', oficina: '0418', dc: '45', cuenta: '0200051332' } }, []],
    [
      { type: 'bank', ccc: { entidad: '2100', oficina: '0418', dc: '54', cuenta: '0200051332' } },
      ['ccc.dc: invalid_ccc'],
    ],
    [
      { type: 'bank', ccc: { entidad: '21', oficina: '0418', dc: '45', cuenta: '0200051332' } },
      ['ccc.entidad: invalid_ccc'],
    ],
    [{ type: 'mbway', phone: '+351 912 345 678' }, []],
    [{ type: 'mbway' }, []],
    [{ type: 'mbway', phone: '612 345 678' }, ['phone: invalid_mbway_phone']],
    [{ type: 'cash' }, ['type: invalid_option']],
    [{}, ['type: invalid_option']],
  ] as const)('%j', (form, expected) => {
    expect(errorsOf(PaymentFormSchema, form)).toEqual(expected);
  });
});

describe('client update data', () => {
  it.each([
    [{ firstname: 'Ana' }, []],
    [{ payment: { preferred_payment: 'bizum' } }, []],
    [{ payment: { preferred_payment: 'cash' } }, ['payment.preferred_payment: invalid_value']],
    [{ payment: { bank: { entidad: '2100', oficina: '0418', dc: '45', cuenta: '0200051332' } } }, []],
    [{ billing: { ...spanish, email: 'no' } }, ['billing.email: invalid_email']],
    [{ payment: { paypal: 'pay@example.com' } }, []],
  ] as const)('%j', (data, expected) => {
    expect(errorsOf(ClientDataSchema, data)).toEqual(expected);
  });
  it('defaults the preferred payment to cc and never keeps card data', () => {
    const data = z.parse(ClientDataSchema, { payment: { cc1: '4111' } });
    expect(data.payment).toEqual({ preferred_payment: 'cc' });
  });
});
