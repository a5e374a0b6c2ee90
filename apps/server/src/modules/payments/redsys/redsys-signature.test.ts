import { describe, expect, it } from 'vitest';
import {
  decodeMerchantParameters,
  encodeMerchantParameters,
  redsysOrderKey,
  redsysSignature,
  verifyRedsysSignature,
} from './redsys-signature.ts';

/*
 * Vectors: Redsys's published test merchant key (sq7HjrUOBfKmC576ILgskD5srU870gJ7, the key of
 * Redsys's test terminals 999008881) and the examples of its integration guide, as the
 * redsys-easy SDK keeps them in its tests (github javiertury/redsys-easy:
 * src/crypto.test.ts "encrypt3DES", test/fixtures/rest/redirect.ts,
 * test/fixtures/rest/redirect-notification.ts). Only the data is taken; the code is ours.
 */
const TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

const REDIRECT_REQUEST = {
  DS_MERCHANT_TRANSACTIONTYPE: '0',
  DS_MERCHANT_ORDER: '0726qI3H7sZx',
  DS_MERCHANT_MERCHANTCODE: '999008881',
  DS_MERCHANT_TERMINAL: '1',
  DS_MERCHANT_AMOUNT: '4999',
  DS_MERCHANT_CURRENCY: '978',
  DS_MERCHANT_MERCHANTURL: 'http://www.prueba.com/urlNotificacion.php',
  DS_MERCHANT_URLOK: 'http://www.prueba.com/urlOK.php',
  DS_MERCHANT_URLKO: 'http://www.prueba.com/urlKO.php',
};
const REDIRECT_PARAMETERS =
  'eyJEU19NRVJDSEFOVF9UUkFOU0FDVElPTlRZUEUiOiIwIiwiRFNfTUVSQ0hBTlRfT1JERVIiOiIwNzI2cUkzSDdzWngiLCJEU19NRVJDSEFOVF9NRVJDSEFOVENPREUiOiI5OTkwMDg4ODEiLCJEU19NRVJDSEFOVF9URVJNSU5BTCI6IjEiLCJEU19NRVJDSEFOVF9BTU9VTlQiOiI0OTk5IiwiRFNfTUVSQ0hBTlRfQ1VSUkVOQ1kiOiI5NzgiLCJEU19NRVJDSEFOVF9NRVJDSEFOVFVSTCI6Imh0dHA6Ly93d3cucHJ1ZWJhLmNvbS91cmxOb3RpZmljYWNpb24ucGhwIiwiRFNfTUVSQ0hBTlRfVVJMT0siOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsT0sucGhwIiwiRFNfTUVSQ0hBTlRfVVJMS08iOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsS08ucGhwIn0=';

/** A notice Redsys's test environment sent for that order (approved, Ds_Response 0000). */
const REDIRECT_NOTICE = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMjIlMkYxMCUyRjIwMjEiLCJEc19Ib3VyIjoiMjIlM0E1MSIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9OdW1iZXIiOiI0NTQ4ODEqKioqKiowMDA0IiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiNDk5OSIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwNzI2cUkzSDdzWngiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDUyMDI5IiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiIxIn0=',
  Ds_Signature: '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
};

/** The integration guide's notification example (its own example key, order 0069, 1,45 EUR). */
const GUIDE_KEY = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';
const GUIDE_NOTICE = {
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMDklMkYxMSUyRjIwMTUiLCJEc19Ib3VyIjoiMTglM0EwMyIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTQ1IiwiRHNfQ3VycmVuY3kiOiI5NzgiLCJEc19PcmRlciI6IjAwNjkiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6Ijg3MSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDgyMTUwIn0=',
  Ds_Signature: '6DVpRPAPoChZh2cgaWnLqlfFsKeXdRfAO_tz-UrxJcU=',
};

describe('Redsys HMAC_SHA256_V1 signatures', () => {
  it('derives the per-order key with 3DES-CBC, zero IV and zero padding (published vectors)', () => {
    expect(redsysOrderKey(TEST_KEY, '012345678').toString('base64')).toBe('ub0/L8+E9+9ITQJwk3SvHA==');
    expect(redsysOrderKey(TEST_KEY, '0726qI3H7sZx').toString('base64')).toBe('GViV77kFjMPKVUcE9qxzlg==');
    expect(redsysOrderKey(GUIDE_KEY, '0069').toString('base64')).toBe('0mL++6eIic8=');
  });

  it('encodes a request and signs it as the published example', () => {
    const parameters = encodeMerchantParameters(REDIRECT_REQUEST);
    expect(parameters).toBe(REDIRECT_PARAMETERS);
    expect(redsysSignature(TEST_KEY, REDIRECT_REQUEST.DS_MERCHANT_ORDER, parameters)).toBe(
      'TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=',
    );
  });

  it('accepts the published notices (URL-safe signatures) and reads their parameters', () => {
    const notice = verifyRedsysSignature(
      TEST_KEY,
      REDIRECT_NOTICE.Ds_MerchantParameters,
      REDIRECT_NOTICE.Ds_Signature,
    );
    expect(notice.valid).toBe(true);
    if (notice.valid) {
      expect(notice.params).toMatchObject({
        Ds_Order: '0726qI3H7sZx',
        Ds_Response: '0000',
        Ds_Amount: '4999',
      });
    }
    const guide = verifyRedsysSignature(
      GUIDE_KEY,
      GUIDE_NOTICE.Ds_MerchantParameters,
      GUIDE_NOTICE.Ds_Signature,
    );
    expect(guide).toMatchObject({ valid: true, params: { Ds_Order: '0069', Ds_Amount: '145' } });
    // The same bytes in the standard alphabet are the same signature.
    const standard = GUIDE_NOTICE.Ds_Signature.replace(/-/g, '+').replace(/_/g, '/');
    expect(verifyRedsysSignature(GUIDE_KEY, GUIDE_NOTICE.Ds_MerchantParameters, standard).valid).toBe(true);
  });

  it('refuses a tampered, forged or foreign notice', () => {
    // Another key.
    expect(
      verifyRedsysSignature(GUIDE_KEY, REDIRECT_NOTICE.Ds_MerchantParameters, REDIRECT_NOTICE.Ds_Signature)
        .valid,
    ).toBe(false);
    // The signature's first byte changed.
    expect(
      verifyRedsysSignature(
        GUIDE_KEY,
        GUIDE_NOTICE.Ds_MerchantParameters,
        `7${GUIDE_NOTICE.Ds_Signature.slice(1)}`,
      ).valid,
    ).toBe(false);
    // The amount changed in the parameters (145 -> 945), the signature kept.
    const params = decodeMerchantParameters(GUIDE_NOTICE.Ds_MerchantParameters);
    const tampered = encodeMerchantParameters({ ...params, Ds_Amount: '945' });
    expect(verifyRedsysSignature(GUIDE_KEY, tampered, GUIDE_NOTICE.Ds_Signature).valid).toBe(false);
  });

  it('answers false, never throws, for hostile input', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['not base64 !!', 'x'],
      [Buffer.from('[1,2]').toString('base64'), 'AAAA'],
      [Buffer.from('{"Ds_Order":""}').toString('base64'), 'AAAA'],
      [Buffer.from('{"Ds_Order":"1234567890123"}').toString('base64'), 'AAAA'],
      [GUIDE_NOTICE.Ds_MerchantParameters, ''],
      [GUIDE_NOTICE.Ds_MerchantParameters, 'é'.repeat(50)],
      ['x'.repeat(70_000), 'y'],
    ];
    for (const [parameters, signature] of cases) {
      expect(verifyRedsysSignature(GUIDE_KEY, parameters, signature).valid).toBe(false);
    }
  });
});
