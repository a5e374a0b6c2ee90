import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/app-error.ts';
import {
  type FakeRedsys,
  REDSYS_TEST_KEY,
  REDSYS_TEST_MERCHANT,
  redsysNoticeBody,
  startFakeRedsys,
} from '../../../testing/redsys-fake.ts';
import type { StartPaymentInput } from '../gateway.ts';
import { createRedsysGateway, type RedsysForm, redsysOrderNumber, redsysOutcome } from './redsys.gateway.ts';
import { decodeMerchantParameters, redsysSignature } from './redsys-signature.ts';

const settings = {
  merchantCode: REDSYS_TEST_MERCHANT,
  terminal: '1',
  secretKey: REDSYS_TEST_KEY,
  paymentUrl: 'http://127.0.0.1:1/sis/realizarPago',
  restUrl: 'http://127.0.0.1:1/sis/rest/trataPeticionREST',
  appPrefix: '/app',
};

const input = (overrides: Partial<StartPaymentInput> = {}): StartPaymentInput => ({
  paymentId: 41,
  orderId: '1400000123',
  storeId: 14,
  attempt: 2,
  method: 'bizum',
  amountCents: 2076,
  currency: 'EUR',
  language: 'es',
  email: 'ana@example.com',
  baseUrl: 'https://shop.example',
  fields: {},
  ...overrides,
});

/** A notice for order 140000012302 as Redsys's test environment sends it. */
const notice = (overrides: Record<string, string> = {}) => ({
  Ds_Date: '24%2F11%2F2026',
  Ds_Hour: '15%3A40',
  Ds_SecurePayment: '1',
  Ds_Card_Number: '454881******0004',
  Ds_Amount: '2076',
  Ds_Currency: '978',
  Ds_Order: '140000012302',
  Ds_MerchantCode: REDSYS_TEST_MERCHANT,
  Ds_Terminal: '001',
  Ds_Response: '0000',
  Ds_TransactionType: '0',
  Ds_AuthorisationCode: '052029',
  ...overrides,
});

/** The signed form a start stored with the payment. */
const formOf = (data: Record<string, unknown> = {}) => data.form as RedsysForm;

const verify = (rawBody: string) =>
  createRedsysGateway(settings).verifyNotice({ headers: {}, rawBody, query: {} });

describe('Redsys gateway', () => {
  it('numbers each attempt uniquely within Redsys limits', () => {
    expect(redsysOrderNumber('1400000123', 2, 41)).toBe('140000012302');
    expect(redsysOrderNumber('100000001', 1, 7)).toBe('10000000101');
    expect(redsysOrderNumber('1400000123', 100, 9041)).toBe('000000009041');
    expect(redsysOutcome('0000', '0')).toBe('paid');
    expect(redsysOutcome('0099', '0')).toBe('paid');
    expect(redsysOutcome('0190', '0')).toBe('failed');
    expect(redsysOutcome('9915', '0')).toBe('failed');
    expect(redsysOutcome('0900', '3')).toBe('refunded');
    expect(redsysOutcome('0000', '3')).toBe('failed');
  });

  it('starts a Bizum payment: a signed form for Redsys, no card data', async () => {
    const result = await createRedsysGateway(settings).start(input());
    expect(result).toMatchObject({
      outcome: 'action',
      providerRef: '140000012302',
      next: {
        type: 'redirect',
        url: 'https://shop.example/desktopapp/rest/redsys/rest/processBizum?order_id=1400000123',
      },
    });
    const form = formOf(result.data);
    expect(form.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    expect(form.Ds_Signature).toBe(
      redsysSignature(REDSYS_TEST_KEY, '140000012302', form.Ds_MerchantParameters),
    );
    expect(decodeMerchantParameters(form.Ds_MerchantParameters)).toEqual({
      DS_MERCHANT_AMOUNT: '2076',
      DS_MERCHANT_ORDER: '140000012302',
      DS_MERCHANT_MERCHANTCODE: REDSYS_TEST_MERCHANT,
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_MERCHANTURL: 'https://shop.example/payments/redsys/notify',
      DS_MERCHANT_URLOK: 'https://shop.example/app/checkout/success/1400000123',
      DS_MERCHANT_URLKO: 'https://shop.example/app/payment/retry/1400000123',
      DS_MERCHANT_CONSUMERLANGUAGE: '001',
      DS_MERCHANT_PAYMETHODS: 'z',
      DS_MERCHANT_MERCHANTDATA: '1400000123',
    });
  });

  it('sends card payments to Redsys’s page and drops card fields given to it', async () => {
    const result = await createRedsysGateway(settings).start(
      input({
        method: 'cc',
        language: 'pt',
        fields: { num: '4548812049400004', month: '12', year: '2031', cvc: '987' },
      }),
    );
    expect(JSON.stringify(result)).not.toContain('4548812049400004');
    const params = decodeMerchantParameters(formOf(result.data).Ds_MerchantParameters);
    expect(params).toMatchObject({ DS_MERCHANT_PAYMETHODS: 'C', DS_MERCHANT_CONSUMERLANGUAGE: '009' });
    expect(JSON.stringify(params)).not.toMatch(/987|2031/);
  });

  it('takes card and Bizum only (both on its own page); refuses another method as a failed attempt', async () => {
    const gateway = createRedsysGateway(settings);
    expect(gateway.methods).toEqual(['cc', 'bizum']);
    const result = await gateway.start(input({ method: 'multibanco' }));
    expect(result.outcome).toBe('failed');
  });

  it('a card checkout without card fields answers the redirect to the signed form (card typed at Redsys)', async () => {
    const result = await createRedsysGateway(settings).start(input({ method: 'cc', fields: {} }));
    expect(result).toMatchObject({
      outcome: 'action',
      next: {
        type: 'redirect',
        url: 'https://shop.example/desktopapp/rest/redsys/rest/processBizum?order_id=1400000123',
      },
    });
    const params = decodeMerchantParameters(formOf(result.data).Ds_MerchantParameters);
    // Redirection: no PAN, expiry or CVV2 in the request (those are InSite / host-to-host parameters).
    for (const key of [
      'DS_MERCHANT_PAN',
      'DS_MERCHANT_EXPIRYDATE',
      'DS_MERCHANT_CVV2',
      'DS_MERCHANT_IDOPER',
    ]) {
      expect(params).not.toHaveProperty(key);
    }
    expect(params).toMatchObject({ DS_MERCHANT_TRANSACTIONTYPE: '0', DS_MERCHANT_PAYMETHODS: 'C' });
  });

  it('reads a signed notice: paid, the event id stable for replays, no card number kept', async () => {
    const body = redsysNoticeBody(REDSYS_TEST_KEY, notice());
    const read = await verify(body);
    expect(read).toMatchObject({ providerRef: '140000012302', outcome: 'paid', amountCents: 2076 });
    expect(read.eventId).toBe((await verify(body)).eventId);
    expect(JSON.stringify(read.raw)).not.toContain('454881');
    const declined = await verify(
      redsysNoticeBody(REDSYS_TEST_KEY, notice({ Ds_Response: '0190', Ds_AuthorisationCode: '' })),
    );
    expect(declined.outcome).toBe('failed');
    expect(declined.eventId).not.toBe(read.eventId);
  });

  it('accepts the notice Redsys’s test environment sent (published vector)', async () => {
    // github javiertury/redsys-easy test/fixtures/rest/redirect.ts (serializedRedirectRestNotification)
    const body = new URLSearchParams({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters:
        'eyJEc19EYXRlIjoiMjIlMkYxMCUyRjIwMjEiLCJEc19Ib3VyIjoiMjIlM0E1MSIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9OdW1iZXIiOiI0NTQ4ODEqKioqKiowMDA0IiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiNDk5OSIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwNzI2cUkzSDdzWngiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDUyMDI5IiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiIxIn0=',
      Ds_Signature: '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
    }).toString();
    await expect(verify(body)).resolves.toMatchObject({
      providerRef: '0726qI3H7sZx',
      outcome: 'paid',
      amountCents: 4999,
    });
  });

  it('refuses tampered, foreign and malformed notices with 403', async () => {
    const good = new URLSearchParams(redsysNoticeBody(REDSYS_TEST_KEY, notice()));
    const tamperedAmount = new URLSearchParams(redsysNoticeBody(REDSYS_TEST_KEY, notice({ Ds_Amount: '1' })));
    tamperedAmount.set('Ds_Signature', good.get('Ds_Signature') ?? '');
    const otherVersion = new URLSearchParams(good);
    otherVersion.set('Ds_SignatureVersion', 'HMAC_SHA512_V2');
    const bodies = [
      tamperedAmount.toString(),
      otherVersion.toString(),
      redsysNoticeBody('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', notice()),
      redsysNoticeBody(REDSYS_TEST_KEY, notice({ Ds_MerchantCode: '999008882' })),
      `${good.toString()}&Ds_Signature=AAAA`,
      '',
      'Ds_SignatureVersion=HMAC_SHA256_V1&Ds_MerchantParameters=%00&Ds_Signature=x',
      'x'.repeat(50_000),
    ];
    for (const body of bodies) {
      const error = await verify(body).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
    }
  });

  describe('refunds through the REST endpoint', () => {
    let fake: FakeRedsys;
    beforeAll(async () => {
      fake = await startFakeRedsys();
    });
    afterAll(() => fake?.close());

    it('sends a signed refund (transaction type 3) and reads the signed answer', async () => {
      const gateway = createRedsysGateway({ ...settings, restUrl: fake.restUrl });
      const refund = await gateway.refund({ providerRef: '140000012302', amountCents: 1000, paymentId: 41 });
      expect(refund.providerRef).toBe('140000012302:refund:123456');
      expect(fake.requests.at(-1)).toMatchObject({
        DS_MERCHANT_ORDER: '140000012302',
        DS_MERCHANT_AMOUNT: '1000',
        DS_MERCHANT_TRANSACTIONTYPE: '3',
        DS_MERCHANT_MERCHANTCODE: REDSYS_TEST_MERCHANT,
      });
    });

    it('fails when Redsys refuses the refund or our key is wrong', async () => {
      fake.response = '0190';
      const gateway = createRedsysGateway({ ...settings, restUrl: fake.restUrl });
      await expect(
        gateway.refund({ providerRef: '140000012302', amountCents: 1000, paymentId: 41 }),
      ).rejects.toThrow(/refused/);
      fake.response = '0900';
      const wrongKey = createRedsysGateway({
        ...settings,
        restUrl: fake.restUrl,
        secretKey: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev',
      });
      await expect(
        wrongKey.refund({ providerRef: '140000012302', amountCents: 1000, paymentId: 41 }),
      ).rejects.toThrow(/SIS0042/);
    });
  });
});
