import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loginLinks, mailMessages } from '../../db/schema/index.ts';
import {
  buildTestApp,
  newSession,
  send,
  type TestApp,
  type TestSession,
  testEnv,
} from '../../testing/app.ts';
import { createCustomer, uniqueEmail } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

const API = '/desktopapp/rest';
const LINK = /http:\/\/localhost:80\/app\/customer\/login\/([A-Za-z0-9_-]{43})(\?path=[^\s"]*)?/;

async function mailsTo(t: TestApp, to: string) {
  return t.database.db.select().from(mailMessages).where(eq(mailMessages.to, to));
}

async function runLoginLinkTests(t: () => TestApp) {
  const post = (session: TestSession, url: string, payload: Record<string, unknown>, address?: string) =>
    send(t().app, session, {
      method: 'POST',
      url: `${API}/${url}`,
      payload: { config: session.config, ...payload },
      ...(address ? { remoteAddress: address } : {}),
    });

  /** Asks a link for `email` and answers the token the mail carries. */
  async function linkFor(email: string, query: Record<string, string> = {}, path?: string) {
    const session = await newSession(t().app, query);
    const answer = await post(session, 'loginLink', { email, ...(path ? { path } : {}) });
    expect(answer.statusCode).toBe(200);
    const [mail] = await mailsTo(t(), email);
    const match = LINK.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no log-in link mailed to ${email}`);
    return { token: match[1], mail, answer };
  }

  it('answers the same whether or not the address has an account, and mails only an account', async () => {
    const stranger = uniqueEmail('nadie');
    const customer = await createCustomer(t(), { password: null });
    const unknown = await post(await newSession(t().app), 'loginLink', { email: stranger });
    const known = await post(await newSession(t().app), 'loginLink', { email: customer.email.toUpperCase() });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    const strip = (body: { ok: boolean; message: string }) => ({ ok: body.ok, message: body.message });
    expect(strip(unknown.json())).toEqual(strip(known.json()));
    expect(known.json().message).toMatch(/^Si hay una cuenta con esta dirección/);
    expect(await mailsTo(t(), stranger)).toHaveLength(0);
    const mails = await mailsTo(t(), customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('tu enlace para entrar');
    expect(mails[0]?.html).toContain('/app/customer/login/');
  });

  it('logs in once with the link, under a new session id, and keeps only the hash', async () => {
    const customer = await createCustomer(t(), { password: null });
    const { token, mail } = await linkFor(customer.email, {}, '/customer/orders');
    expect(mail?.text).toContain(`/app/customer/login/${token}?path=%2Fcustomer%2Forders`);
    expect(mail?.text).toContain('15 minutos');
    const stored = await t()
      .database.db.select()
      .from(loginLinks)
      .where(eq(loginLinks.customerId, customer.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(token);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const expiresIn = (stored[0]?.expiresAt.getTime() ?? 0) - (stored[0]?.createdAt.getTime() ?? 0);
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const browser = await newSession(t().app);
    // The first write stores the session; remember the cookie it had then.
    await post(browser, 'loginLink', { email: uniqueEmail() });
    const before = browser.cookie;
    const login = await post(browser, 'loginWithLink', { token });
    expect(login.statusCode).toBe(200);
    expect(login.json().config).toMatchObject({ loggedIn: true, customerEmail: customer.email });
    expect(browser.cookie).not.toBe(before);

    const again = await post(await newSession(t().app), 'loginWithLink', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'Este enlace para entrar ya se ha usado o ha caducado. Pide uno nuevo.',
    );
    expect(again.json().config?.loggedIn ?? false).toBe(false);
  });

  it('refuses an expired link with a 400 in the store language', async () => {
    const customer = await createCustomer(t(), { storeId: 16, password: 'una palavra passe' });
    const { token } = await linkFor(customer.email, { store_id: '16' });
    await t()
      .database.db.update(loginLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginLinks.customerId, customer.id));
    const late = await post(await newSession(t().app, { store_id: '16' }), 'loginWithLink', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Esta ligação de acesso já foi usada ou expirou. Peça uma nova.');
    const unknown = await post(await newSession(t().app, { store_id: '17' }), 'loginWithLink', {
      token: 'x'.repeat(43),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'This log-in link has already been used or has expired. Please ask for a new one.',
    );
  });

  it('mails in the store language', async () => {
    const customer = await createCustomer(t(), { storeId: 16 });
    const { mail, answer } = await linkFor(customer.email, { store_id: '16' });
    expect(mail?.subject).toContain('a sua ligação para entrar');
    expect(answer.json().message).toMatch(/^Se existir uma conta com este endereço/);
  });

  it('sends at most 3 mails for 20 requests for one address in a minute, whatever the client', async () => {
    const customer = await createCustomer(t(), { password: null });
    const other = await createCustomer(t(), { password: null });
    const answers = [];
    for (let i = 0; i < 20; i++) {
      // Several client addresses: the mail limit counts the e-mail address, not who asks.
      answers.push(
        await post(await newSession(t().app), 'loginLink', { email: customer.email }, `192.0.2.${i + 1}`),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().message)).size).toBe(1);
    expect(await mailsTo(t(), customer.email)).toHaveLength(3);
    // Another address is not held back by the first one's count.
    await post(await newSession(t().app), 'loginLink', { email: other.email });
    expect(await mailsTo(t(), other.email)).toHaveLength(1);
  });

  it('refuses a malformed token or path', async () => {
    const session = await newSession(t().app);
    expect((await post(session, 'loginWithLink', { token: 'short' })).statusCode).toBe(400);
    const offsite = await post(session, 'loginLink', { email: uniqueEmail(), path: '//evil.example/x' });
    expect(offsite.statusCode).toBe(400);
  });
}

describe.each(testDatabaseKinds())('log-in links (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());
  runLoginLinkTests(() => t);
});

describe('log-in link mail limit shared through Redis (REDIS_URL)', () => {
  const env = { REDIS_URL: 'redis://127.0.0.1:6379', RATE_LIMIT_MAX: '1000' };
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp('pglite', env);
    second = await buildApp({ database: t.database, env: testEnv(env) });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('counts one address across two instances: 20 requests, 3 mails', async () => {
    const customer = await createCustomer(t, { password: null });
    for (let i = 0; i < 20; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const session = await newSession(app);
      const answer = await send(app, session, {
        method: 'POST',
        url: `${API}/loginLink`,
        payload: { config: session.config, email: customer.email },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect(await mailsTo(t, customer.email)).toHaveLength(3);
  });
});
