import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { customers } from '../db/schema/index.ts';
import { hashPassword } from '../modules/customers/password.ts';
import { newSession, send, type TestApp, type TestSession } from './app.ts';

/** A fresh e-mail address per call, so tests sharing a database never collide. */
export const uniqueEmail = (prefix = 'cliente') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** A customer written straight into the table with a password (as registration with one leaves it). */
export async function createCustomer(
  t: TestApp,
  values: { email?: string; password?: string | null; storeId?: number } = {},
): Promise<{ id: number; email: string; password: string }> {
  const email = values.email ?? uniqueEmail();
  const password = values.password === undefined ? 'correct horse battery' : values.password;
  const [row] = await t.database.db
    .insert(customers)
    .values({
      storeId: values.storeId ?? 14,
      email,
      passwordHash: password === null ? null : await hashPassword(password),
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('customer insert returned nothing');
  return { id: row.id, email, password: password ?? '' };
}

/** POST authenticate as the session's browser from `address`. */
export function authenticate(
  app: FastifyInstance,
  session: TestSession,
  email: unknown,
  pass: unknown,
  address = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return send(app, session, {
    method: 'POST',
    url: '/desktopapp/rest/authenticate',
    payload: { config: session.config, email, pass },
    remoteAddress: address,
  });
}

/** A new session logged in as a new customer (its cookie and form key are the renewed ones). */
export async function loggedInSession(
  t: TestApp,
  query: Record<string, string> = {},
): Promise<{ session: TestSession; customer: { id: number; email: string; password: string } }> {
  const customer = await createCustomer(t, { storeId: Number(query.store_id ?? 14) });
  const session = await newSession(t.app, query);
  const response = await authenticate(t.app, session, customer.email, customer.password, randomAddress());
  if (response.statusCode !== 200)
    throw new Error(`authenticate answered ${response.statusCode}: ${response.body}`);
  return { session, customer };
}

/** A client address of the documentation range, different per call (the log-in throttle counts per address). */
export function randomAddress(): string {
  const n = Math.floor(Math.random() * 250) + 1;
  const m = Math.floor(Math.random() * 250) + 1;
  return `198.51.${n}.${m}`;
}
