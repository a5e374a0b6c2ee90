import type { AdminSessionAnswer, OperatorRole } from '@shop/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppDb } from '../db/client.ts';
import { operators } from '../db/schema/index.ts';
import { hashPassword } from '../modules/customers/password.ts';

/** The password of every operator the tests create (never a default of the app: test data only). */
export const TEST_OPERATOR_PASSWORD = 'correct horse battery staple';

let counter = 0;

/** An operator row written straight into the table; returns its e-mail. */
export async function insertOperator(db: AppDb, role: OperatorRole, email?: string): Promise<string> {
  counter += 1;
  const address = email ?? `${role}${counter}-${Date.now()}@backoffice.test`;
  await db.insert(operators).values({
    email: address,
    name: `${role} ${counter}`,
    role,
    passwordHash: await hashPassword(TEST_OPERATOR_PASSWORD),
  });
  return address;
}

/** A signed-in operator as the admin SPA holds it: the cookie and the CSRF token. */
export interface AdminClient {
  cookie: string;
  csrf: string;
  email: string;
  role: OperatorRole;
}

/** The admin cookie a response sets, as `admin=...`. */
export function adminCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'admin' || c.name === '__Host-admin');
  return cookie?.value ? `${cookie.name}=${cookie.value}` : undefined;
}

export async function adminLogin(
  app: FastifyInstance,
  email: string,
  password = TEST_OPERATOR_PASSWORD,
): Promise<AdminClient> {
  const response = await app.inject({
    method: 'POST',
    url: '/admin/api/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`log in answered ${response.statusCode}: ${response.body}`);
  const cookie = adminCookieOf(response);
  if (!cookie) throw new Error('log in set no admin cookie');
  const body = response.json() as AdminSessionAnswer;
  return { cookie, csrf: body.csrf_token, email, role: body.operator.role };
}

/** A new operator of the role, signed in. */
export async function signedInOperator(app: FastifyInstance, role: OperatorRole): Promise<AdminClient> {
  return adminLogin(app, await insertOperator(app.db, role));
}

/** A back-office call as the SPA makes it (cookie, and the CSRF header unless `csrf: false`). */
export function adminSend(
  app: FastifyInstance,
  client: AdminClient,
  options: InjectOptions & { csrf?: boolean },
): Promise<LightMyRequestResponse> {
  const { csrf = true, ...inject } = options;
  return app.inject({
    ...inject,
    headers: {
      cookie: client.cookie,
      ...(csrf ? { 'x-admin-csrf': client.csrf } : {}),
      ...(inject.headers ?? {}),
    },
  });
}
