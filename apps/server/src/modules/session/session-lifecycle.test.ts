import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { customers, sessions } from '../../db/schema/index.ts';
import { API_PREFIX } from '../../http/paths.ts';
import { newSession, sessionIdOf, type TestSession, testEnv } from '../../testing/app.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/db.ts';
import { nsForm } from '../cart/cart-test-helpers.ts';

/**
 * Login, logout and "log out everywhere" as the customer module will call them,
 * through routes this test adds to the real app.
 */
describe.each(testDatabaseKinds())('session lifecycle (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  const customerIds: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({ database, env: testEnv() });
    await app.register(
      async (api) => {
        api.post('/test-login', async (request, reply) => {
          const { customerId } = z.parse(z.object({ customerId: z.int() }), request.body);
          await app.sessions.update(request, { customerId });
          await app.sessions.regenerate(request, reply);
          return { ok: true, config: await app.runtimeConfig.build(request) };
        });
        api.post('/test-logout', async (request, reply) => {
          await app.sessions.destroy(request, reply);
          return { ok: true };
        });
        api.post('/test-end-customer', async (request) => {
          const { customerId } = z.parse(z.object({ customerId: z.int() }), request.body);
          await app.sessions.endCustomerSessions(customerId);
          return { ok: true };
        });
      },
      { prefix: API_PREFIX },
    );
    await app.ready();
    const rows = await database.db
      .insert(customers)
      .values([
        { storeId: 14, email: `uno.${kind}@example.com` },
        { storeId: 14, email: `dos.${kind}@example.com` },
      ])
      .returning({ id: customers.id });
    customerIds.push(...rows.map((r) => r.id));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (session: TestSession, path: string, payload: object = {}) =>
    app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${path}`,
      headers: { cookie: session.cookie, 'x-form-key': session.formKey },
      payload,
    });
  const config = async (cookie: string) => {
    const response = await app.inject({ url: `${API_PREFIX}/config`, headers: { cookie } });
    return { config: response.json().config, sid: response.cookies.find((c) => c.name === 'sid')?.value };
  };
  const login = async (session: TestSession, customerId: number): Promise<TestSession> => {
    const response = await post(session, 'test-login', { customerId });
    expect(response.statusCode).toBe(200);
    const sid = response.cookies.find((c) => c.name === 'sid')?.value;
    return { cookie: `sid=${sid}`, formKey: response.json().config.form_key, config: response.json().config };
  };
  const ended = async (cookie: string) => {
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(cookie)));
    return row !== undefined && row.expiresAt.getTime() <= Date.now();
  };

  it('login gives a new id and form key, keeps the cart, and the old cookie never serves again', async () => {
    const visitor = await newSession(app);
    expect((await post(visitor, 'addns', { form: nsForm() })).statusCode).toBe(200);
    const [uno] = customerIds as [number];
    const customer = await login(visitor, uno);
    expect(customer.cookie).not.toBe(visitor.cookie);
    expect(customer.formKey).not.toBe(visitor.formKey);
    expect(customer.config).toMatchObject({ loggedIn: true, customerEmail: `uno.${kind}@example.com` });
    expect(customer.config.cart.items.map((i: { product_id: number }) => i.product_id)).toEqual([15867]);

    const replay = await config(visitor.cookie);
    expect(replay.sid).toBeTruthy();
    expect(`sid=${replay.sid}`).not.toBe(visitor.cookie);
    expect(replay.config).toMatchObject({ loggedIn: false, cart: { items: [] } });
    expect(await ended(visitor.cookie)).toBe(true);
    expect((await config(customer.cookie)).config.loggedIn).toBe(true);
  });

  it('logout ends the session: its cookie starts an empty one, even right away', async () => {
    const [uno] = customerIds as [number];
    const customer = await login(await newSession(app), uno);
    expect((await post(customer, 'addns', { form: nsForm() })).statusCode).toBe(200);
    expect((await config(customer.cookie)).config.cart.items).toHaveLength(1);
    const out = await post(customer, 'test-logout');
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const replay = await config(customer.cookie);
    expect(`sid=${replay.sid}`).not.toBe(customer.cookie);
    expect(replay.config).toMatchObject({ loggedIn: false, customerEmail: null, cart: { items: [] } });
    expect(await ended(customer.cookie)).toBe(true);
  });

  it('ends every session of one customer at once and no other', async () => {
    const [uno, dos] = customerIds as [number, number];
    const phone = await login(await newSession(app), uno);
    const laptop = await login(await newSession(app), uno);
    const someoneElse = await login(await newSession(app), dos);
    for (const s of [phone, laptop, someoneElse]) expect((await config(s.cookie)).config.loggedIn).toBe(true);

    expect((await post(someoneElse, 'test-end-customer', { customerId: uno })).statusCode).toBe(200);
    for (const s of [phone, laptop]) {
      const after = await config(s.cookie);
      expect(after.config.loggedIn).toBe(false);
      expect(`sid=${after.sid}`).not.toBe(s.cookie);
    }
    expect(await config(someoneElse.cookie)).toMatchObject({ config: { loggedIn: true }, sid: undefined });
  });
});
