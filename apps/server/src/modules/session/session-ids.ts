import { createHash, randomBytes } from 'node:crypto';

/** How long a session lives without a visit (the cookie's max age too). */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

const ISSUED_AT_BYTES = 8;
const RANDOM_BYTES = 24;
const ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new session id: 8 bytes of issue time (ms) then 24 random bytes, base64url
 * (43 characters). The issue time bounds how long an id that was never stored
 * may be used (isFreshAnonymousId); the random part makes it unguessable.
 */
export function newSessionId(now: Date): string {
  const bytes = Buffer.alloc(ISSUED_AT_BYTES + RANDOM_BYTES);
  bytes.writeBigUInt64BE(BigInt(now.getTime()), 0);
  randomBytes(RANDOM_BYTES).copy(bytes, ISSUED_AT_BYTES);
  return bytes.toString('base64url');
}

/** The issue time (ms) of an id made by newSessionId; null for anything else. */
export function sessionIdIssuedAt(id: string): number | null {
  if (!ID.test(id)) return null;
  const issuedAt = Number(Buffer.from(id, 'base64url').readBigUInt64BE(0));
  return Number.isSafeInteger(issuedAt) ? issuedAt : null;
}

/**
 * An id with no stored row may serve as an anonymous session while it is
 * younger than the session lifetime. Rows of ended sessions (expired, logged
 * out, replaced at login) are kept until their id is older than that, so an
 * ended id can never come back as a fresh session (see deleteEndedSessions).
 */
export function isFreshAnonymousId(id: string, now: Date): boolean {
  const issuedAt = sessionIdIssuedAt(id);
  if (issuedAt === null) return false;
  const age = now.getTime() - issuedAt;
  return age >= -60_000 && age < SESSION_TTL_MS;
}

/**
 * The form key (CSRF token) of a session: a hash of its id. Only the holder of
 * the HttpOnly cookie (and the server) knows the id, so a cross-site page can
 * neither read nor compute it; the key reveals nothing about the id.
 */
export function formKeyFor(id: string): string {
  return createHash('sha256').update(`form-key:${id}`).digest('base64url');
}
