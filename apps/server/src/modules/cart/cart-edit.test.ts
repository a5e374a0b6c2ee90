import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteItems } from '../../db/schema/index.ts';
import { buildTestApp, newSession, type TestApp, type TestSession } from '../../testing/app.ts';
import {
  certificateForm,
  deleteItem,
  energyValues,
  genericForm,
  getCart,
  nsForm,
  optionPairs,
  postCart,
  qpForm,
} from '../../testing/cart.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertItem } from './cart.repository.ts';

describe.each(testDatabaseKinds())('changing the cart (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  async function withItems(session: TestSession) {
    const ns = await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const qp = await postCart(t.app, session, 'addqp', { config: session.config, form: qpForm() });
    return { ns: ns.body.item.id, qp: qp.body.item.id, quoteId: ns.body.config.cart.quote_id ?? 0 };
  }

  const update = (session: TestSession, id: number, form: Record<string, unknown>) =>
    postCart(t.app, session, `updatequoteitem?id=${id}`, { config: session.config, form });

  describe('delquoteitem', () => {
    it('removes the item and answers the new config', async () => {
      const session = await newSession(t.app);
      const { ns, qp } = await withItems(session);
      const { status, body } = await deleteItem(t.app, session, ns);
      expect(status).toBe(200);
      expect(body.ok).toBe(true);
      expect(body.config.cart.items.map((i) => i.id)).toEqual([qp]);
      expect(body.config.cart.total).toBe(1200);
      expect((await getCart(t.app, session)).items.map((i) => i.id)).toEqual([qp]);
      expect((await deleteItem(t.app, session, ns)).status).toBe(404);
    });

    it('removes the children of an item with it', async () => {
      const session = await newSession(t.app);
      const { qp, quoteId } = await withItems(session);
      // As the located-property search will add them: through the cart repository, which bumps the quote's version.
      await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < 2; i++)
          await insertItem(tx, { quoteId, productId: 18324, parentId: qp, priceCents: 2076 });
      });
      expect((await getCart(t.app, session)).items.find((i) => i.id === qp)?.childs).toHaveLength(2);
      await deleteItem(t.app, session, qp);
      const cart = await getCart(t.app, session);
      expect(cart.items.map((i) => i.product_id)).toEqual([15867]);
      expect(cart.total).toBe(2076);
      const left = await t.database.db.select().from(quoteItems).where(eq(quoteItems.quoteId, quoteId));
      expect(left.map((row) => row.productId)).toEqual([15867]);
    });

    it('needs the form key', async () => {
      const session = await newSession(t.app);
      const { ns } = await withItems(session);
      const response = await t.app.inject({
        url: `/desktopapp/rest/delquoteitem?id=${ns}`,
        headers: { cookie: session.cookie },
      });
      expect(response.statusCode).toBe(403);
      expect((await getCart(t.app, session)).items).toHaveLength(2);
    });

    it('answers 404 for an item of another session and leaves it alone', async () => {
      const owner = await newSession(t.app);
      const { ns } = await withItems(owner);
      const stranger = await newSession(t.app);
      await postCart(t.app, stranger, 'addns', { config: stranger.config, form: nsForm() });
      const { status, body } = await deleteItem(t.app, stranger, ns);
      expect(status).toBe(404);
      expect(body).toEqual({
        ok: false,
        message: 'Este elemento ya no está en tu pedido.',
        errors: [],
        request_id: expect.any(String),
      });
      expect((await getCart(t.app, owner)).items).toHaveLength(2);
    });

    it('refuses an id that is not a number', async () => {
      const session = await newSession(t.app);
      const { status, body } = await deleteItem(t.app, session, 'abc' as unknown as number);
      expect(status).toBe(400);
      expect(body.errors).toEqual([{ path: 'id', message: 'El identificador no es válido' }]);
    });
  });

  describe('updatequoteitem', () => {
    it('replaces a Nota Simple item’s options, form and price', async () => {
      const session = await newSession(t.app);
      const { ns } = await withItems(session);
      const form = nsForm({ servicio_urgente: true, direccion: 'Calle Real 5' });
      const { status, body } = await update(session, ns, form);
      expect(status).toBe(200);
      expect(body.item).toMatchObject({ id: ns, current_price: 3066 });
      expect(optionPairs(body.item)).toEqual([
        '77=Ana Pérez García',
        '78=Madrid',
        '79=Madrid',
        '80=Calle Real 5',
        '411=3782',
      ]);
      expect(body.config.cart.total).toBe(3066 + 1200);
      const [row] = await t.database.db.select().from(quoteItems).where(eq(quoteItems.id, ns));
      expect(row?.form).toMatchObject({ direccion: 'Calle Real 5', servicio_urgente: true });
    });

    it('re-prices a generic item', async () => {
      const session = await newSession(t.app);
      const added = await postCart(t.app, session, 'addgeneric', {
        config: session.config,
        form: genericForm(18464, energyValues()),
      });
      expect(added.body.item.current_price).toBe(14900);
      const flat = energyValues().map(([id, type, value]): [number, string, string] =>
        id === 2401 ? [id, type, '6401'] : id === 2402 ? [id, type, '6405'] : [id, type, value],
      );
      const { status, body } = await update(session, added.body.item.id, genericForm(18464, flat));
      expect(status).toBe(200);
      expect(body.item.current_price).toBe(9900);
      expect(optionPairs(body.item).slice(0, 2)).toEqual(['2401=6401', '2402=6405']);
    });

    it('checks the new form like the add call did', async () => {
      const session = await newSession(t.app, { store_id: '16' });
      const added = await postCart(t.app, session, 'addcertidao', {
        config: session.config,
        form: certificateForm(),
      });
      const { status, body } = await update(session, added.body.item.id, certificateForm({ num_ficha: '' }));
      expect(status).toBe(400);
      expect(body.errors).toEqual([{ path: 'form.num_ficha', message: 'Este campo é obrigatório' }]);
      const cart = await getCart(t.app, session);
      expect(optionPairs(cart.items[0])).toContain('1365=1234');
    });

    it('refuses a generic form of another product', async () => {
      const session = await newSession(t.app);
      const added = await postCart(t.app, session, 'addgeneric', {
        config: session.config,
        form: genericForm(18464, energyValues()),
      });
      const { status, body } = await update(
        session,
        added.body.item.id,
        genericForm(18458, [[2301, 'drop_down', '6301']]),
      );
      expect(status).toBe(400);
      expect(body.errors).toEqual([
        { path: 'form.product_id', message: 'Este formulario no corresponde a este producto' },
      ]);
    });

    it('refuses to change the properties search (18357)', async () => {
      const session = await newSession(t.app);
      const { qp } = await withItems(session);
      const { status, body } = await update(session, qp, qpForm({ num_propiedades: '1' }));
      expect(status).toBe(403);
      expect(body.message).toBe('Este producto no se puede modificar desde el carrito.');
      const cart = await getCart(t.app, session);
      expect(optionPairs(cart.items.find((i) => i.id === qp))).toContain('1041=5933');
    });

    it('answers 404 for an item of another session and leaves it alone', async () => {
      const owner = await newSession(t.app);
      const { ns } = await withItems(owner);
      const stranger = await newSession(t.app);
      await postCart(t.app, stranger, 'addns', { config: stranger.config, form: nsForm() });
      const { status } = await update(stranger, ns, nsForm({ direccion: 'Otra calle 9' }));
      expect(status).toBe(404);
      const cart = await getCart(t.app, owner);
      expect(optionPairs(cart.items[0])).toContain('80=Calle Mayor 1, 2º B');
    });

    it('answers 404 without a cart', async () => {
      const session = await newSession(t.app);
      expect((await update(session, 1, nsForm())).status).toBe(404);
    });
  });
});
