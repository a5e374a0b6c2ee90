import { ProductDefinitionSchema } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { buildTestApp, newSession, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

describe.each(testDatabaseKinds())('GET product (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const get = async (query: string, storeId = '14') => {
    const session = await newSession(t.app, { store_id: storeId });
    return t.app.inject({ url: `/desktopapp/rest/product?${query}`, headers: { cookie: session.cookie } });
  };

  it('answers the notarial deed 18458 with its definition as JSON text and object', async () => {
    const response = await get('id=18458');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(JSON.parse(body.message)).toEqual(body.product);
    expect(ProductDefinitionSchema.safeParse(body.product).success).toBe(true);
    expect(body.product).toMatchObject({ product_id: 18458, name: 'Copia de escritura', price: 5900 });
    const optionIds = body.product.options.map((o: { option_id: number }) => o.option_id);
    expect(optionIds).toEqual(expect.arrayContaining([1653, 1654, 1655, 1660, 1699]));
    expect(body.config.store_id).toBe(14);
  });

  it('takes name and price from the product row (the back office edits those)', async () => {
    await t.database.db.update(products).set({ priceCents: 6100 }).where(eq(products.id, 18458));
    t.app.catalog.invalidate();
    try {
      const body = (await get('id=18458')).json();
      expect(body.product.price).toBe(6100);
      expect(JSON.parse(body.message).price).toBe(6100);
    } finally {
      await t.database.db.update(products).set({ priceCents: 5900 }).where(eq(products.id, 18458));
      t.app.catalog.invalidate();
    }
  });

  it.each([
    ['an unknown id', 'id=999999', '14'],
    ['a product the store does not offer (certidão on store 14)', 'id=18414', '14'],
    ['a Spanish product on a Portuguese store', 'id=18458', '16'],
  ])('answers ok false with the config for %s', async (_name, query, storeId) => {
    const response = await get(query, storeId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ ok: false, config: expect.objectContaining({ store_id: Number(storeId) }) });
  });

  it.each(['1', '15', '17', '18', '19', '20', '21', '22', '23'])(
    'answers Nota Simple and the properties search on store %s (refused on the Portuguese stores only)',
    async (storeId) => {
      expect((await get('id=15867', storeId)).json()).toMatchObject({
        ok: true,
        product: { product_id: 15867 },
      });
      expect((await get('id=18357', storeId)).json()).toMatchObject({
        ok: true,
        product: { product_id: 18357 },
      });
    },
  );

  it.each(['16', '26', '28'])(
    'refuses Nota Simple and the properties search on store %s',
    async (storeId) => {
      expect((await get('id=15867', storeId)).json()).toMatchObject({ ok: false });
      expect((await get('id=18357', storeId)).json()).toMatchObject({ ok: false });
    },
  );

  it('answers the certidão permanente on store 16', async () => {
    const body = (await get('id=18414', '16')).json();
    expect(body).toMatchObject({ ok: true, product: { product_id: 18414 } });
  });

  it.each([
    ['id=abc', '14', 'El identificador no es válido'],
    ['id=0', '14', 'El identificador no es válido'],
    ['id=-3', '14', 'El identificador no es válido'],
    ['id=1.5', '14', 'El identificador no es válido'],
    ['id=', '14', 'El identificador no es válido'],
    ['', '14', 'Este campo es obligatorio'],
    ['id=abc', '16', 'O identificador não é válido'],
    ['id=abc', '18', 'The id is not valid'],
  ])('answers ?%s with 400 and the field error (store %s)', async (query, storeId, message) => {
    const response = await get(query, storeId);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.ok).toBe(false);
    expect(body.errors).toEqual([{ path: 'id', message }]);
  });
});
