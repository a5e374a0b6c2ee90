import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import type { Visitor } from '../cart/cart.service.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import type { Session } from '../session/session.service.ts';
import { claimSessionQuote, findCustomerByEmail } from './customers.repository.ts';
import { consumeLoginLink, insertLoginLink } from './login-link.repository.ts';
import { sendLoginLinkMail } from './login-link-mail.ts';

/** How long a mailed log-in link works (ADR 031). */
export const LOGIN_LINK_MINUTES = 15;
/** Log-in link mails one address may trigger per minute; further requests answer the same and send nothing. */
export const LOGIN_LINK_MAILS_PER_MINUTE = 3;

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The storefront link a log-in link mail carries: {base}{APP_PREFIX}/customer/login/{token}[?path=]. */
export function loginLinkUrl(input: { baseUrl: string; appPrefix: string; token: string; path?: string }) {
  const query = input.path ? `?path=${encodeURIComponent(input.path)}` : '';
  return `${input.baseUrl}${input.appPrefix}/customer/login/${input.token}${query}`;
}

/**
 * Mails a single-use log-in link to `email` when a customer has it (with or
 * without a password); does nothing otherwise, so the caller answers the same
 * to everyone. Only the token's SHA-256 is stored. The caller has already
 * applied the per-address mail limit.
 */
export async function mailLoginLink(
  app: FastifyInstance,
  env: Pick<Env, 'APP_PREFIX'>,
  input: { store: StoreRow; email: string; path: string | undefined; baseUrl: string; now?: Date },
): Promise<void> {
  const customer = await findCustomerByEmail(app.db, input.email);
  if (!customer) return;
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const link = loginLinkUrl({
    baseUrl: input.baseUrl,
    appPrefix: env.APP_PREFIX,
    token,
    ...(input.path ? { path: input.path } : {}),
  });
  await app.db.transaction(async (tx) => {
    await insertLoginLink(tx, {
      customerId: customer.id,
      tokenHash: tokenHashOf(token),
      expiresAt: new Date(now.getTime() + LOGIN_LINK_MINUTES * 60_000),
    });
    await sendLoginLinkMail(tx, {
      store: input.store,
      to: customer.email,
      link,
      minutes: LOGIN_LINK_MINUTES,
    });
  });
}

/**
 * Logs the visitor in with a mailed link's token: the link is spent in the
 * same transaction that moves the session to a new id (as log-in does) and
 * gives it the session's cart. A used, expired or unknown token is a 400.
 */
export async function logInWithLink(
  app: FastifyInstance,
  visitor: Visitor,
  token: string,
  now = new Date(),
): Promise<Session> {
  const { session } = await app.sessions.renew(visitor.session, visitor.store.id, async (tx, sessionId) => {
    const customerId = await consumeLoginLink(tx, tokenHashOf(token), now);
    if (customerId === null)
      throw new AppError('invalid_data', 'loginLinkInvalid', [
        { path: 'token', message: 'login_link_invalid' },
      ]);
    await claimSessionQuote(tx, sessionId, customerId);
    return { result: undefined, customerId };
  });
  return session;
}
