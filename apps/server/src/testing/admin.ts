import type { AdminSessionAnswer, OperatorRole, TotpConfirmAnswer, TotpSetupAnswer } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppDb } from '../db/client.ts';
import { operators } from '../db/schema/index.ts';
import { totpOf } from '../modules/admin/totp.ts';
import { hashPassword } from '../modules/customers/password.ts';

/** The TOTP secrets (base32) of the operators the tests enrolled, by e-mail, and their recovery codes. */
export const testTotp = new Map<string, { secret: string; recoveryCodes: string[] }>();

/** The current TOTP code of a test operator enrolled through the API. */
export function testTotpCode(email: string, at = new Date()): string {
  const enrolled = testTotp.get(email);
  if (!enrolled) throw new Error(`${email} was not enrolled by the tests`);
  return totpOf(enrolled.secret, email).generate({ timestamp: at.getTime() });
}

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
  const client = { cookie, csrf: body.csrf_token, email, role: body.operator.role };
  if (body.second_factor === 'enrol') await enrolTotp(app, client);
  if (body.second_factor === 'required') {
    // Each code is accepted once: tests that log in twice within 30 seconds may reuse the step.
    await app.db.update(operators).set({ totpLastStep: null }).where(eq(operators.email, email));
    const answer = await adminSend(app, client, {
      method: 'POST',
      url: '/admin/api/login/code',
      payload: { code: testTotpCode(email) },
    });
    if (answer.statusCode !== 200) throw new Error(`code answered ${answer.statusCode}: ${answer.body}`);
  }
  return client;
}

/** Enrols a signed-in operator's TOTP through the API, as the enrolment screen does; the secret is kept in testTotp. */
export async function enrolTotp(app: FastifyInstance, client: AdminClient): Promise<string[]> {
  const setup = await adminSend(app, client, { method: 'POST', url: '/admin/api/totp/setup' });
  if (setup.statusCode !== 200) throw new Error(`setup answered ${setup.statusCode}: ${setup.body}`);
  const { secret } = setup.json() as TotpSetupAnswer;
  const code = totpOf(secret, client.email).generate();
  const confirm = await adminSend(app, client, {
    method: 'POST',
    url: '/admin/api/totp/confirm',
    payload: { code },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm answered ${confirm.statusCode}: ${confirm.body}`);
  const { recovery_codes: recoveryCodes } = confirm.json() as TotpConfirmAnswer;
  testTotp.set(client.email, { secret, recoveryCodes });
  return recoveryCodes;
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
