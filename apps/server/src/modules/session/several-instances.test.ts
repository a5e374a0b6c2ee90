import type { Cart } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { newSession, type TestSession, testEnv } from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import { createTestDatabase } from '../../testing/db.ts';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer:
 * whatever one writes, the other's very next answer shows (docs/operations.md
 * "Several instances").
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on PostgreSQL', () => {
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    a = await buildApp({ database, env: testEnv() });
    b = await buildApp({ database, env: testEnv() });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  const cartOn = async (app: FastifyInstance, session: TestSession) => {
    const response = await app.inject({ url: '/desktopapp/rest/cart', headers: { cookie: session.cookie } });
    return (response.json() as { cart: Cart }).cart;
  };
  const summary = (cart: Cart) => [cart.items.length, cart.total];

  it('shows the other instance’s adds, updates and removals at the next read', async () => {
    const session = await newSession(a);
    expect(summary(await cartOn(b, session))).toEqual([0, 0]);
    const added = await postCart(a, session, 'addns', { form: nsForm() });
    expect(added.status).toBe(200);
    expect(summary(await cartOn(b, session))).toEqual([1, 2076]);
    expect(summary(await cartOn(b, session))).toEqual([1, 2076]);

    const urgent = await postCart(a, session, `updatequoteitem?id=${added.body.item.id}`, {
      form: nsForm({ servicio_urgente: true }),
    });
    expect(urgent.status).toBe(200);
    expect(summary(await cartOn(b, session))).toEqual([1, 2076 + 990]);

    const second = await postCart(b, session, 'addns', { form: nsForm({ direccion: 'Calle Sol 2' }) });
    expect(second.status).toBe(200);
    expect(summary(await cartOn(a, session))).toEqual([2, 2 * 2076 + 990]);

    const removed = await b.inject({
      url: `/desktopapp/rest/delquoteitem?id=${added.body.item.id}`,
      headers: { cookie: session.cookie, 'x-form-key': session.formKey },
    });
    expect(removed.statusCode).toBe(200);
    expect(summary(await cartOn(a, session))).toEqual([1, 2076]);
  });

  it('keeps a session’s store choice across instances', async () => {
    const session = await newSession(a, { store_id: '26' });
    const config = await b.inject({ url: '/desktopapp/rest/config', headers: { cookie: session.cookie } });
    expect(config.json().config).toMatchObject({ store_id: 26, form_key: session.formKey });
  });
});
