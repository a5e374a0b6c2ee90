import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
/** Codes of the step before and after are accepted too (clocks drift). */
const WINDOW = 1;
export const TOTP_ISSUER = 'Back office';

/** The TOTP of a base32 secret, labelled with the operator's e-mail. */
export function totpOf(base32: string, email: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });
}

/** A new random secret (160 bits, RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The 30-second step a code belongs to when it is valid now (± one step), or
 * null. The caller refuses a step not after the last accepted one (no replay).
 */
export function acceptedStep(base32: string, email: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(base32, email).validate({ token, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/** Secrets at rest: AES-256-GCM under a key derived (HKDF) from the session secret. */
export function secretBox(sessionSecret: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, Buffer.alloc(0), 'admin-totp-secret', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODES = 10;
const RECOVERY = /^[a-z2-7]{4}-?[a-z2-7]{4}-?[a-z2-7]{4}$/;

/** Ten random recovery codes, xxxx-xxxx-xxxx in base32 letters (60 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const text = new Secret({ size: 8 }).base32.slice(0, 12).toLowerCase();
    return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`;
  });
}

/** The stored form of a recovery code as typed (case, spaces and dashes ignored); null when it cannot be one. */
export function recoveryCodeHash(typed: string): string | null {
  const code = typed.replace(/\s+/g, '').toLowerCase();
  if (!RECOVERY.test(code)) return null;
  return createHash('sha256').update(code.replace(/-/g, '')).digest('base64url');
}
