import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { errorsOf } from '../testing/errors.ts';
import {
  AddActualizarBodySchema,
  AddGenericWithAssociationBodySchema,
  AddNsBodySchema,
  AuthenticateBodySchema,
  CheckoutAuthenticatedBodySchema,
  CheckoutRegisterBodySchema,
  EmailParamsSchema,
  FreguesiasQuerySchema,
  IdQuerySchema,
  MoneiQuerySchema,
  OrderIdQuerySchema,
  PedidosQuerySchema,
  PushSubscribeBodySchema,
  RegistrosQuerySchema,
  RememberPasswordQuerySchema,
  SociedadQuerySchema,
  UpdatePedidoBodySchema,
  UpdatePedidoNsBodySchema,
  UpdateQuoteItemBodySchema,
  UploadFormBodySchema,
  UploadFormQuerySchema,
} from './api.ts';
import {
  CertificateFormSchema,
  formSchemaForProduct,
  NotaSimpleFormSchema,
  PropertiesSearchFormSchema,
  SimplifiedReportFormSchema,
} from './forms.ts';
import { GenericFormSchema } from './generic-forms.ts';
import { MunicipioBodySchema } from './landing.ts';

const ns = { direccion: 'Calle Mayor 1', municipio: 'Madrid', provincia: 'Madrid' };

describe('cart bodies { config, form }', () => {
  it('accepts the client config loosely and keeps its keys', () => {
    const body = z.parse(AddNsBodySchema, {
      config: { form_key: 'k', store_id: 14, cart: { items: [] } },
      form: ns,
    });
    expect(body.config).toEqual({ form_key: 'k', store_id: 14, cart: { items: [] } });
  });
  it('defaults a missing config', () => {
    expect(z.parse(AddNsBodySchema, { form: ns }).config).toEqual({});
  });
  it.each([
    [{ form: ns }, []],
    [{ config: { form_key: 5 }, form: ns }, ['config.form_key: invalid_type']],
    [{ config: 'x', form: ns }, ['config: invalid_type']],
    [{ config: {} }, ['form: invalid_type']],
    [{ form: { ...ns, direccion: '' } }, ['form.direccion: required']],
  ])('addns %j', (body, expected) => {
    expect(errorsOf(AddNsBodySchema, body)).toEqual(expected);
  });
  it('addgenericWithAssociation needs origin and origin_id', () => {
    expect(
      errorsOf(AddGenericWithAssociationBodySchema, { form: { product_id: 18464, values: [] } }),
    ).toEqual(['form.origin: required', 'form.origin_id: required']);
  });
  it('updatequoteitem takes any form object', () => {
    expect(errorsOf(UpdateQuoteItemBodySchema, { config: {}, form: { a: 1 } })).toEqual([]);
    expect(errorsOf(UpdateQuoteItemBodySchema, { config: {}, form: [] })).toEqual(['form: invalid_type']);
  });
  it.each([
    [15867, NotaSimpleFormSchema],
    [18357, PropertiesSearchFormSchema],
    [18414, CertificateFormSchema],
    [18421, SimplifiedReportFormSchema],
    [18458, GenericFormSchema],
    [18464, GenericFormSchema],
  ] as const)('product %i edits with its form schema', (productId, schema) => {
    expect(formSchemaForProduct(productId)).toBe(schema);
  });
  it.each([
    [{ form: { order_id: '1400000042', item_id: 7 } }, []],
    [{ form: { order_id: 1400000042, item_id: '7' } }, []],
    [{ form: { order_id: 'abc', item_id: 7 } }, ['form.order_id: invalid_id']],
    [{ form: { order_id: '1400000042', item_id: 0 } }, ['form.item_id: invalid_id']],
  ])('addactualizarpedidoahora %j', (body, expected) => {
    expect(errorsOf(AddActualizarBodySchema, body)).toEqual(expected);
  });
  it('normalises ids of addactualizarpedidoahora', () => {
    expect(z.parse(AddActualizarBodySchema, { form: { order_id: 1400000042, item_id: '7' } }).form).toEqual({
      order_id: '1400000042',
      item_id: 7,
    });
  });
});

describe('queries', () => {
  it.each([
    [{ id: '42' }, 42],
    [{ id: '18458' }, 18458],
  ])('id %j', (query, id) => {
    expect(z.parse(IdQuerySchema, query).id).toBe(id);
  });
  it.each([[{ id: '0' }], [{ id: '-1' }], [{ id: '4.2' }], [{ id: 'abc' }], [{ id: '' }], [{ id: '042' }]])(
    'refuses id %j',
    (query) => {
      expect(errorsOf(IdQuerySchema, query)).toEqual(['id: invalid_id']);
    },
  );
  it('requires the id', () => {
    expect(errorsOf(IdQuerySchema, {})).toEqual(['id: required']);
  });
  it.each([
    [OrderIdQuerySchema, { id: '1600000042' }, []],
    [OrderIdQuerySchema, { id: '100000042' }, []],
    [OrderIdQuerySchema, { id: '42' }, ['id: invalid_id']],
    [PedidosQuerySchema, {}, []],
    [PedidosQuerySchema, { id: '1400000001', toFinalize: '1' }, []],
    [PedidosQuerySchema, { id: '1400000001', toFinalize: 'yes' }, ['toFinalize: invalid_value']],
    [MoneiQuerySchema, { order_id: '1600000001', paymethod: 'moneimultibanco' }, []],
    [MoneiQuerySchema, { order_id: '1600000001', paymethod: 'card' }, ['paymethod: invalid_value']],
    [UploadFormQuerySchema, { form_id: '3', order_id: '1400000001' }, []],
    [UploadFormQuerySchema, { form_id: 'x', order_id: '1400000001' }, ['form_id: invalid_id']],
    [EmailParamsSchema, { email: 'a@example.com' }, []],
    [EmailParamsSchema, { email: 'nope' }, ['email: invalid_email']],
    [RememberPasswordQuerySchema, { path: '/app/customer/authenticate' }, []],
    [RememberPasswordQuerySchema, { path: 'https://evil.example' }, ['path: invalid_url']],
    [FreguesiasQuerySchema, { app: '1', type: 'ips', term: 'alva' }, []],
    [FreguesiasQuerySchema, { app: '1', type: 'x', term: 'alva' }, ['type: invalid_value']],
    [FreguesiasQuerySchema, { term: '' }, []],
    [FreguesiasQuerySchema, {}, []],
    [FreguesiasQuerySchema, { term: 'x'.repeat(101) }, ['term: too_long']],
    [RegistrosQuerySchema, { app: '1', term: 'ma' }, []],
    [RegistrosQuerySchema, {}, []],
    [RegistrosQuerySchema, { app: '2', term: 'ma' }, ['app: invalid_value']],
    [SociedadQuerySchema, { app: '1' }, []],
  ] as const)('%#: %j', (schema, query, expected) => {
    expect(errorsOf(schema, query)).toEqual(expected);
  });
  it('defaults the freguesias type to all', () => {
    expect(z.parse(FreguesiasQuerySchema, { term: 'alva' }).type).toBe('all');
  });
  it('reads an omitted search term as blank (the server answers [] to it)', () => {
    expect(z.parse(RegistrosQuerySchema, {}).term).toBe('');
    expect(z.parse(SociedadQuerySchema, { sociedad: '  ab ' }).sociedad).toBe('ab');
  });
});

describe('customer bodies', () => {
  it.each([
    [{ email: 'a@example.com', pass: 'secret' }, []],
    [{ email: '', pass: 'secret' }, ['email: email_required']],
    [{ pass: 'secret' }, ['email: email_required']],
    [{ email: 'a@', pass: 'secret' }, ['email: invalid_email']],
    [{ email: 'a@example.com', pass: '' }, ['pass: password_required']],
    [{ email: 'a@example.com' }, ['pass: password_required']],
  ])('authenticate %j', (body, expected) => {
    expect(errorsOf(AuthenticateBodySchema, body)).toEqual(expected);
  });

  const card = { type: 'cc', num: '4111111111111111', month: '3', year: '2030' };
  it.each([
    [{ config: {} }, []],
    [{ form: card }, []],
    [{ form: { ...card, email: 'a@example.com' } }, []],
    [{ form: { type: 'paypal' } }, []],
    [{ form: { type: 'bank', iban: 'ES9121000418450200051332' } }, []],
    [{ form: { ...card, num: '1' } }, ['form.num: invalid_card_number']],
    [{ form: { type: 'paypal', email: 'x' } }, ['form.email: invalid_email']],
  ])('checkoutAuthenticated %j', (body, expected) => {
    expect(errorsOf(CheckoutAuthenticatedBodySchema, body)).toEqual(expected);
  });
  it('keeps the card fields and the e-mail together', () => {
    const body = z.parse(CheckoutAuthenticatedBodySchema, {
      form: { ...card, month: '03', email: 'A@Example.com' },
    });
    expect(body.form).toEqual({ ...card, email: 'a@example.com' });
  });

  it.each([
    [{ form: { type: 'bizum', email: 'a@example.com', accept_terms: true } }, []],
    [{ form: { ...card, email: 'a@example.com', accept_terms: true } }, []],
    [{ form: { type: 'bizum', accept_terms: true } }, ['form.email: email_required']],
    [{ form: { type: 'bizum', email: 'a@example.com' } }, ['form.accept_terms: terms_not_accepted']],
    [
      { form: { type: 'bizum', email: 'a@example.com', accept_terms: false } },
      ['form.accept_terms: terms_not_accepted'],
    ],
    [{}, ['form: required']],
    [{ form: 'x' }, ['form: invalid_type']],
  ])('checkoutRegister %j', (body, expected) => {
    expect(errorsOf(CheckoutRegisterBodySchema, body)).toEqual(expected);
  });
});

describe('order bodies', () => {
  it.each([
    [{ json_form: '{"a":1}', json_values: '[]' }, []],
    [{ json_form: '{a:1}', json_values: '[]' }, ['json_form: invalid_json']],
    [{ json_form: '{}' }, ['json_values: required']],
  ])('uploadForm %j', (body, expected) => {
    expect(errorsOf(UploadFormBodySchema, body)).toEqual(expected);
  });

  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    expirationTime: null,
    keys: { p256dh: 'BNc...', auth: 'tBH...' },
  };
  it.each([
    [subscription, []],
    [{ ...subscription, expirationTime: undefined }, []],
    [{ ...subscription, endpoint: 'http://push.example/abc' }, ['endpoint: invalid_url']],
    [{ ...subscription, keys: { p256dh: 'x' } }, ['keys.auth: required']],
  ])('pushSubscribe %j', (body, expected) => {
    expect(errorsOf(PushSubscribeBodySchema, body)).toEqual(expected);
  });

  it.each([
    [{ options: [{ option_id: 1650, value: 'x' }] }, []],
    [{ options: [] }, ['options: required']],
    [{ options: [{ option_id: 'a', value: 'x' }] }, ['options.0.option_id: invalid_type']],
  ])('updatepedido %j', (body, expected) => {
    expect(errorsOf(UpdatePedidoBodySchema, body)).toEqual(expected);
  });

  it.each([
    [{ data: ns }, []],
    [{ data: { ...ns, nombre: 'Ana', otros_datos: 'Finca 123' } }, []],
    [{ data: { ...ns, municipio: '' } }, ['data.municipio: required']],
  ])('updatepedidoNS %j', (body, expected) => {
    expect(errorsOf(UpdatePedidoNsBodySchema, body)).toEqual(expected);
  });

  it.each([
    [{ url: 'alcala-de-henares', folder: 'RegistroPropiedad' }, []],
    [{ url: 'alcala de henares', folder: 'RegistroPropiedad' }, ['url: invalid_value']],
    [{ url: 'madrid', folder: '../etc' }, ['folder: invalid_value']],
  ])('municipio %j', (body, expected) => {
    expect(errorsOf(MunicipioBodySchema, body)).toEqual(expected);
  });
});
