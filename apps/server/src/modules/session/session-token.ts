import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a session lives without a visit (the cookie's max age too). */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** What a session cookie carries, signed with the server's secret. */
export interface SessionToken {
  /** The session id: 32 random bytes, base64url. */
  id: string;
  /** True once the session has a row; an anonymous session is its cookie only. */
  stored: boolean;
  /** An anonymous session's chosen store (the row keeps it once stored); null: none chosen. */
  storeId: number | null;
  /** When the id was issued (ms): an anonymous session lives SESSION_TTL_MS from it. */
  issuedAt: number;
}

const ID = /^[A-Za-z0-9_-]{43}$/;
const TOKEN = /^([as])\.([A-Za-z0-9_-]{43})\.(\d{1,9})?\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** A new, unguessable session id (256 random bits). */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

function mac(secret: Buffer, purpose: string, text: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${text}`).digest('base64url');
}

/**
 * The cookie value of a session: `a|s . id . storeId . issuedAt(base36) . signature`.
 * Only the server can make one (HMAC-SHA256 with its secret), so a client can
 * neither invent an id nor change an anonymous session's store.
 */
export function signToken(secret: Buffer, token: SessionToken): string {
  const body = `${token.stored ? 's' : 'a'}.${token.id}.${token.storeId ?? ''}.${token.issuedAt.toString(36)}`;
  return `${body}.${mac(secret, 'session', body)}`;
}

/** The token of a cookie value this server signed; null for anything else. */
export function readToken(secret: Buffer, value: string | undefined): SessionToken | null {
  if (!value || value.length > 160) return null;
  const match = TOKEN.exec(value);
  if (!match) return null;
  const [, kind, id, store, issued, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const body = value.slice(0, value.length - signature.length - 1);
  const expected = Buffer.from(mac(secret, 'session', body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const issuedAt = Number.parseInt(issued, 36);
  if (!Number.isSafeInteger(issuedAt)) return null;
  return { id, stored: kind === 's', storeId: store ? Number(store) : null, issuedAt };
}

/**
 * The form key (CSRF token) of a session: a MAC of its id under the server's
 * secret. A cross-site page can neither read the HttpOnly cookie nor compute the
 * key; the key reveals nothing about the id.
 */
export function formKeyFor(secret: Buffer, sessionId: string): string {
  if (!ID.test(sessionId)) throw new Error('not a session id');
  return mac(secret, 'form-key', sessionId);
}
