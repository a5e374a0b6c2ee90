import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Redsys "HMAC_SHA256_V1" signatures (the redirection / REST integration).
 * Written from Redsys's integration guide with node:crypto (ADR 011):
 *
 * 1. the merchant's secret key is Base64 of 24 bytes (a 3DES key);
 * 2. the order number (Ds_Merchant_Order, 4-12 characters) is zero-padded to
 *    8-byte blocks and encrypted with 3DES-CBC under that key, IV all zeros,
 *    no other padding: the result is a key for this order only;
 * 3. the signature is HMAC-SHA256, under that derived key, of the
 *    Ds_MerchantParameters text exactly as sent (the Base64 of the JSON), in
 *    Base64. Redsys sends its notices' signatures in the URL-safe alphabet.
 */
export const REDSYS_SIGNATURE_VERSION = 'HMAC_SHA256_V1';

/** The per-order key: 3DES-CBC (zero IV, zero padding) of the order number under the merchant key. */
export function redsysOrderKey(merchantKeyBase64: string, order: string): Buffer {
  const key = Buffer.from(merchantKeyBase64, 'base64');
  if (key.length !== 24) throw new Error('The Redsys merchant key must be Base64 of 24 bytes');
  const plain = Buffer.from(order, 'utf8');
  const padded = Buffer.alloc(Math.ceil(plain.length / 8) * 8 || 8);
  plain.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** The signature (standard Base64) of a Ds_MerchantParameters text for an order. */
export function redsysSignature(
  merchantKeyBase64: string,
  order: string,
  merchantParameters: string,
): string {
  return createHmac('sha256', redsysOrderKey(merchantKeyBase64, order))
    .update(merchantParameters)
    .digest('base64');
}

/** Base64 (standard or URL-safe, padded or not) -> bytes; undefined when it is not Base64 at all. */
export function decodeBase64Any(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return undefined;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** Ds_MerchantParameters: the JSON object of a request, in Base64. */
export function encodeMerchantParameters(params: Record<string, string>): string {
  return Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
}

/** Reads a Ds_MerchantParameters text (either Base64 alphabet); undefined unless it holds a JSON object of scalars. */
export function decodeMerchantParameters(text: string): Record<string, string> | undefined {
  const bytes = decodeBase64Any(text);
  if (!bytes || bytes.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}

/**
 * Checks a notice's signature: recomputes it over the parameters text as
 * received, for the order the parameters name, and compares the bytes in
 * constant time (whatever Base64 alphabet each side used). False for anything
 * malformed; never throws on hostile input.
 */
export function verifyRedsysSignature(
  merchantKeyBase64: string,
  merchantParameters: string,
  signature: string,
): { valid: true; params: Record<string, string> } | { valid: false } {
  const params = decodeMerchantParameters(merchantParameters);
  const order = params?.Ds_Order ?? params?.DS_ORDER;
  if (!params || !order || order.length > 12) return { valid: false };
  const sent = decodeBase64Any(signature);
  const expected = Buffer.from(redsysSignature(merchantKeyBase64, order, merchantParameters), 'base64');
  if (!sent || sent.length !== expected.length || !timingSafeEqual(sent, expected)) return { valid: false };
  return { valid: true, params };
}
