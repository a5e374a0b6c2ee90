/** Password reset: the single-use, time-limited reset link mailed to a customer and the new password set from it. */

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.ts';
import { invalidField } from '../../http/app-error.ts';
import type { Visitor } from '../cart/cart.service.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import { deleteCustomerSessions } from '../session/session.repository.ts';
import type { Session } from '../session/session.service.ts';
import {
  claimSessionQuote,
  consumeReset,
  countResetsSince,
  findCustomerByEmail,
  insertReset,
  setPassword,
} from './customers.repository.ts';
import { hashPassword } from './password.ts';
import { sendPasswordResetMail } from './reset-mail.ts';
import { accountKey, clearFailures } from './throttle.repository.ts';

/** Reset links one customer may be sent per hour; further requests answer the same and send nothing. */
export const MAX_RESET_MAILS_PER_HOUR = 3;

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** CustomersService.rememberPassword: mails a reset link when a customer has the e-mail (within the hourly limit). */
export async function rememberPassword(
  app: FastifyInstance,
  env: Pick<Env, 'PASSWORD_RESET_TTL_MINUTES' | 'APP_PREFIX'>,
  {
    store,
    email,
    path,
    baseUrl,
  }: { store: StoreRow; email: string; path: string | undefined; baseUrl: string },
): Promise<void> {
  const db = app.db;
  const customer = await findCustomerByEmail(db, email);
  if (!customer) return;
  const now = new Date();
  if (
    (await countResetsSince(db, customer.id, new Date(now.getTime() - 3600_000))) >= MAX_RESET_MAILS_PER_HOUR
  )
    return;
  const token = randomBytes(32).toString('base64url');
  const minutes = env.PASSWORD_RESET_TTL_MINUTES;
  const query = path ? `?path=${encodeURIComponent(path)}` : '';
  const link = `${baseUrl}${env.APP_PREFIX}/customer/password/${token}${query}`;
  await db.transaction(async (tx) => {
    await insertReset(tx, {
      customerId: customer.id,
      tokenHash: tokenHashOf(token),
      expiresAt: new Date(now.getTime() + minutes * 60_000),
    });
    await sendPasswordResetMail(tx, { store, to: customer.email, link, minutes });
  });
}

/** CustomersService.resetPassword: the new password from a reset link's token, the other sessions ended, logged in. */
export async function resetPassword(
  app: FastifyInstance,
  visitor: Visitor,
  { token, pass }: { token: string; pass: string },
): Promise<Session> {
  const passwordHash = await hashPassword(pass);
  const now = new Date();
  const { session } = await app.sessions.renew(visitor.session, visitor.store.id, async (tx, sessionId) => {
    const id = await consumeReset(tx, tokenHashOf(token), now);
    if (id === null) throw invalidField('token', 'reset_link_invalid');
    await setPassword(tx, id, passwordHash);
    // Whoever else holds a session of the account (the reason for the reset, maybe) is logged out.
    await deleteCustomerSessions(tx, id, sessionId);
    await claimSessionQuote(tx, sessionId, id);
    return { result: undefined, customerId: id };
  });
  // A chosen new password lifts the account's log-in block.
  if (session.customerEmail) await clearFailures(app.db, accountKey(session.customerEmail));
  return session;
}
