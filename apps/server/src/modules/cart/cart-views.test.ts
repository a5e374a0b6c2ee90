import type { Cart } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../db/schema/index.ts';
import { buildTestApp, newSession, type TestApp } from '../../testing/app.ts';
import { deleteItem, getCart, nsForm, postCart } from '../../testing/cart.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

/**
 * The cart view is read from memory on PGlite: every change must show at the
 * next read of its own session, and never in another session.
 */
describe.each(testDatabaseKinds())('cart views (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const summary = (cart: Cart) => ({
    ids: cart.items.map((i) => i.product_id),
    total: cart.total,
  });

  it('shows each add, update and removal at the next read, to that session only', async () => {
    const mine = await newSession(t.app);
    const other = await newSession(t.app);
    expect(summary(await getCart(t.app, mine))).toEqual({ ids: [], total: 0 });

    const first = await postCart(t.app, mine, 'addns', { form: nsForm() });
    expect(first.status).toBe(200);
    expect(summary(await getCart(t.app, mine))).toEqual({ ids: [15867], total: 2076 });
    expect(summary(await getCart(t.app, other))).toEqual({ ids: [], total: 0 });

    const second = await postCart(t.app, mine, 'addns', { form: nsForm({ direccion: 'Calle Sol 2' }) });
    expect(summary(await getCart(t.app, mine))).toEqual({ ids: [15867, 15867], total: 4152 });

    const urgent = await postCart(t.app, mine, `updatequoteitem?id=${second.body.item.id}`, {
      form: nsForm({ direccion: 'Calle Sol 2', servicio_urgente: true }),
    });
    expect(urgent.status).toBe(200);
    expect(summary(await getCart(t.app, mine))).toEqual({ ids: [15867, 15867], total: 4152 + 990 });

    expect((await deleteItem(t.app, mine, first.body.item.id)).status).toBe(200);
    expect(summary(await getCart(t.app, mine))).toEqual({ ids: [15867], total: 2076 + 990 });
    expect(summary(await getCart(t.app, other))).toEqual({ ids: [], total: 0 });
  });

  it('answers the cart of the request’s own quote when two sessions fill theirs in turn', async () => {
    const a = await newSession(t.app);
    const b = await newSession(t.app);
    await postCart(t.app, a, 'addns', { form: nsForm() });
    await postCart(t.app, b, 'addqp', {
      form: {
        nombre_persona: 'Ana Pérez García',
        dni: '12345678Z',
        nombre_empresa: '',
        num_propiedades: '10',
        opcion_persona: true,
        opcion_empresa: false,
      },
    });
    const [cartA, cartB] = await Promise.all([getCart(t.app, a), getCart(t.app, b)]);
    expect(cartA.items.map((i) => i.product_id)).toEqual([15867]);
    expect(cartB.items.map((i) => i.product_id)).toEqual([18357]);
    expect(cartA.quote_id).not.toBe(cartB.quote_id);
  });

  it('drops a quote that is no longer open (ordered) at the next read', async () => {
    const session = await newSession(t.app);
    await postCart(t.app, session, 'addns', { form: nsForm() });
    const cart = await getCart(t.app, session);
    const quoteId = cart.quote_id ?? 0;
    await t.database.db.update(quotes).set({ status: 'ordered' }).where(eq(quotes.id, quoteId));
    expect(summary(await getCart(t.app, session))).toEqual({ ids: [], total: 0 });
  });
});
