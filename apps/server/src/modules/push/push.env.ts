import type { Env } from '../../env.ts';

/** The VAPID identity the shop signs its Web Push requests with (RFC 8292). */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` contact the push services may use. */
  subject: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The VAPID keys from the environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY,
 * VAPID_SUBJECT): null when none is set (Web Push off: nothing is sent);
 * refuses at start a partial or malformed set, rather than failing per push.
 */
export function vapidConfig(
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
): VapidConfig | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  if (!publicKey && !privateKey && !subject) return null;
  const problems: string[] = [];
  if (!publicKey || !B64URL.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65)
    problems.push('VAPID_PUBLIC_KEY: an uncompressed P-256 public key, base64url (65 bytes)');
  if (!privateKey || !B64URL.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32)
    problems.push('VAPID_PRIVATE_KEY: a P-256 private key, base64url (32 bytes)');
  if (!subject || !/^(mailto:|https:\/\/)/.test(subject))
    problems.push('VAPID_SUBJECT: a mailto: or https: contact');
  if (problems.length > 0 || !publicKey || !privateKey || !subject)
    throw new Error(`Web Push is half configured:\n  ${problems.join('\n  ')}`);
  return { publicKey, privateKey, subject };
}
