import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeMerchantParameters,
  encodeMerchantParameters,
  REDSYS_SIGNATURE_VERSION,
  redsysSignature,
} from '../modules/payments/redsys/redsys-signature.ts';

/** Redsys's published test key and merchant code (its test terminals). */
export const REDSYS_TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
export const REDSYS_TEST_MERCHANT = '999008881';

/** A notice as Redsys posts it (x-www-form-urlencoded), signed with `key` (URL-safe signature). */
export function redsysNoticeBody(key: string, params: Record<string, string>): string {
  const parameters = encodeMerchantParameters(params);
  const signature = redsysSignature(key, params.Ds_Order ?? '', parameters)
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return new URLSearchParams({
    Ds_SignatureVersion: REDSYS_SIGNATURE_VERSION,
    Ds_MerchantParameters: parameters,
    Ds_Signature: signature,
  }).toString();
}

export interface FakeRedsys {
  /** The REST endpoint (trataPeticionREST) URL. */
  restUrl: string;
  /** The decoded parameters of each signed request received. */
  requests: Record<string, string>[];
  /** What the next answers say (Ds_Response); '0900' = refund authorised. */
  response: string;
  close(): Promise<void>;
}

/**
 * A local stand-in for Redsys's REST endpoint (refunds): checks the request's
 * signature with the test key like Redsys does (SIS0042 when it fails) and
 * answers a signed result. A real HTTP server on 127.0.0.1.
 */
export async function startFakeRedsys(key: string = REDSYS_TEST_KEY): Promise<FakeRedsys> {
  const state = { requests: [] as Record<string, string>[], response: '0900' };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const answer = (payload: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      let form: { Ds_MerchantParameters?: string; Ds_Signature?: string; Ds_SignatureVersion?: string };
      try {
        form = JSON.parse(body);
      } catch {
        return answer({ errorCode: 'SIS0429' });
      }
      const params = decodeMerchantParameters(form.Ds_MerchantParameters ?? '');
      if (!params) return answer({ errorCode: 'SIS0429' });
      const order = params.DS_MERCHANT_ORDER ?? '';
      const expected = redsysSignature(key, order, form.Ds_MerchantParameters ?? '');
      if (form.Ds_SignatureVersion !== REDSYS_SIGNATURE_VERSION || form.Ds_Signature !== expected) {
        return answer({ errorCode: 'SIS0042' });
      }
      state.requests.push(params);
      const result = {
        Ds_Amount: params.DS_MERCHANT_AMOUNT ?? '',
        Ds_Currency: params.DS_MERCHANT_CURRENCY ?? '',
        Ds_Order: order,
        Ds_MerchantCode: params.DS_MERCHANT_MERCHANTCODE ?? '',
        Ds_Terminal: params.DS_MERCHANT_TERMINAL ?? '',
        Ds_Response: state.response,
        Ds_AuthorisationCode: '123456',
        Ds_TransactionType: params.DS_MERCHANT_TRANSACTIONTYPE ?? '',
      };
      const parameters = encodeMerchantParameters(result);
      answer({
        Ds_SignatureVersion: REDSYS_SIGNATURE_VERSION,
        Ds_MerchantParameters: parameters,
        Ds_Signature: redsysSignature(key, order, parameters),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    restUrl: `http://127.0.0.1:${port}/sis/rest/trataPeticionREST`,
    get requests() {
      return state.requests;
    },
    get response() {
      return state.response;
    },
    set response(value: string) {
      state.response = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
