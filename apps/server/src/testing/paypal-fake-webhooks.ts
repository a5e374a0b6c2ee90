import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * The fake PayPal's webhook side (paypal-fake.ts): deliveries signed as PayPal
 * describes them (RSA-SHA256 over
 * `transmission_id|transmission_time|webhook_id|crc32(body)`, the certificate
 * named in PAYPAL-CERT-URL) and the verify-webhook-signature endpoint that
 * checks them (Webhooks v1: `verification_status` SUCCESS or FAILURE), plus
 * the ids and error bodies both sides share.
 */

export type Json = Record<string, unknown>;

/** Where PayPal's sample links point (api.sandbox.paypal.com, as in its published bodies). */
export const base = 'https://api.sandbox.paypal.com';
const CERT_URL = `${base}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`;

/** PayPal's ids: 17 upper-case letters and digits. */
export const paypalId = () =>
  randomBytes(16)
    .toString('hex')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 17);
/** PayPal's messages for the error names the fake answers (Orders v2 / Payments v2 error reference). */
const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  VALIDATION_ERROR: 'Invalid request - see details',
};
export const issue = (status: number, name: string, detail: string) => ({
  status,
  body: {
    name,
    message: MESSAGES[name] ?? detail,
    debug_id: paypalId().toLowerCase(),
    details: [{ issue: detail, description: detail }],
  },
});

/** Signs deliveries for `webhookId` and checks them as PayPal's verify-webhook-signature does. */
export function webhookSigner(webhookId: string) {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signed = (id: string, time: string, body: string) =>
    createSign('RSA-SHA256')
      .update(`${id}|${time}|${webhookId}|${crc32(body)}`)
      .sign(keys.privateKey, 'base64');

  const verify = (body: Json) => {
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    if (required.some((k) => typeof body[k] !== 'string') || typeof body.webhook_event !== 'object') {
      return issue(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
    }
    const event = JSON.stringify(body.webhook_event);
    const ok =
      body.auth_algo === 'SHA256withRSA' &&
      body.cert_url === CERT_URL &&
      body.webhook_id === webhookId &&
      createVerify('RSA-SHA256')
        .update(`${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(event)}`)
        .verify(keys.publicKey, String(body.transmission_sig), 'base64');
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  };

  return {
    verify,
    /** A webhook delivery as PayPal sends it: the JSON body and its PAYPAL-* headers, signed. */
    event(type: string, resource: Json, id = `WH-${paypalId()}-${paypalId()}`) {
      const body = JSON.stringify({
        id,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: type.startsWith('CHECKOUT')
          ? 'checkout-order'
          : type.endsWith('REFUNDED')
            ? 'refund'
            : 'capture',
        resource_version: '2.0',
        event_type: type,
        summary: `Event ${type}`,
        resource,
        links: [{ href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
      });
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      return {
        body,
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': CERT_URL,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': signed(transmissionId, time, body),
        },
      };
    },
  };
}
