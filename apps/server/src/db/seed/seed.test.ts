import { ProductDefinitionSchema } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../testing/db.ts';
import type { Database } from '../client.ts';
import { queryRows } from '../client.ts';
import { products, registries, slowRegistryPlaces, stores } from '../schema/index.ts';
import { catalogue, seed } from './index.ts';

const SPEC_STORES = [1, 9, 12, 14, 15, 16, 26, 28, 17, 18, 19, 20, 21, 22, 23];
/** Spec 1: 16, 26, 28 Portuguese; 17 to 19 English; all others Spanish. */
const expectedLanguage = (id: number) =>
  [16, 26, 28].includes(id) ? 'pt' : [17, 18, 19].includes(id) ? 'en' : 'es';
/** DECISIONS.md "Payment methods per store" and "Money". */
const expectedPayments = (id: number) =>
  [16, 26, 28].includes(id)
    ? ['cc', 'multibanco', 'paypal', 'mbway']
    : [17, 18, 19, 20].includes(id)
      ? ['cc', 'paypal']
      : ['cc', 'bizum', 'paypal', 'bank'];
const expectedVat = (id: number) => ([16, 26, 28].includes(id) ? 2300 : 2100);

const COUNTS: [string, number][] = [
  ['es_provinces', 52],
  ['es_municipalities', 8132],
  ['pt_distritos', 29],
  ['pt_concelhos', 308],
  ['pt_freguesias', 3259],
  ['pt_freguesias_2013', 3092],
  ['stores', SPEC_STORES.length],
  ['products', catalogue.length],
];

async function count(database: Database, table: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return rows[0]?.n ?? -1;
}

/** Every seeded row of the tables the seed writes, to compare before and after a second run. */
async function snapshot(database: Database): Promise<unknown[]> {
  const tables = [
    'stores',
    'products',
    'registries',
    'slow_registry_places',
    'es_municipalities',
    'pt_freguesias',
  ];
  return Promise.all(
    tables.map((t) =>
      queryRows(
        database.db,
        sql.raw(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${t} t`),
      ),
    ),
  );
}

describe.each(testDatabaseKinds())('seed (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(COUNTS)('loads %s with %i rows', async (table, n) => {
    expect(await count(database, table)).toBe(n);
  });

  it('changes nothing when run a second time, with or without overwrite', async () => {
    const before = await snapshot(database);
    await seed(database.db);
    expect(await snapshot(database)).toEqual(before);
    await seed(database.db, { overwrite: true });
    expect(await snapshot(database)).toEqual(before);
    for (const [table, n] of COUNTS) expect(await count(database, table)).toBe(n);
  });

  it.each([
    ['es_municipalities', 'ine', '28079', 'Madrid'],
    ['es_municipalities', 'ine', '08019', 'Barcelona'],
    ['es_provinces', 'code', '28', 'Madrid'],
    ['pt_concelhos', 'code', '1106', 'Lisboa'],
    ['pt_distritos', 'code', '13', 'Porto'],
  ])('%s %s %s is %s', async (table, key, code, name) => {
    const rows = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT name FROM ${sql.raw(table)} WHERE ${sql.raw(key)} = ${code}`,
    );
    expect(rows[0]?.name).toBe(name);
  });

  it('keeps reference codes as strings with leading zeros and letters', async () => {
    const rows = await queryRows<{ code: string }>(
      database.db,
      sql`SELECT code FROM pt_freguesias WHERE code IN ('010103', '0302FA') ORDER BY code`,
    );
    expect(rows.map((r) => r.code)).toEqual(['010103', '0302FA']);
  });

  it.each(SPEC_STORES)(
    'store %i has its language, VAT, payment methods and a placeholder homepage',
    async (id) => {
      const [store] = await database.db.select().from(stores).where(eq(stores.id, id));
      expect(store?.language).toBe(expectedLanguage(id));
      expect(store?.vatRateBp).toBe(expectedVat(id));
      expect(store?.paymentMethods).toEqual(expectedPayments(id));
      expect(store?.currency).toBe('EUR');
      expect(store?.hostnames).toEqual([]);
      expect(new URL(store?.homepage ?? '').hostname).toMatch(/\.example$/);
      expect(store?.phone).toMatch(/^\+\d{2,3}( \d+)+$/);
    },
  );

  it.each(SPEC_STORES)('store %i sells at least one product listed on its services screen', async (id) => {
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM products WHERE ${id} = ANY(stores) AND ${id} = ANY(visible_on_services) AND visible`,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('stores every definition parsed, matching its row', async () => {
    const rows = await database.db.select().from(products);
    for (const row of rows) {
      const definition = ProductDefinitionSchema.parse(row.definition);
      expect(definition).toEqual(row.definition);
      expect([definition.product_id, definition.name, definition.price, definition.official_fee]).toEqual([
        row.id,
        row.name,
        row.priceCents,
        row.officialFeeCents,
      ]);
    }
  });

  it('stores product 18458 with the 1655 / 4324 case', async () => {
    const [row] = await database.db.select().from(products).where(eq(products.id, 18458));
    const definition = ProductDefinitionSchema.parse(row?.definition);
    const ids = definition.options.map((o) => o.option_id);
    for (const id of [1653, 1654, 1655, 1660, 1699]) expect(ids).toContain(id);
    const radio = definition.options.find((o) => o.option_id === 1655);
    expect(radio?.type).toBe('radio');
    expect(radio?.opt_values.map((v) => v.id)).toContain(4324);
  });

  it.each([
    [15867, 'fixed', 2076, 1091, true],
    [18357, 'fixed', 1200, 0, true],
    [18414, 'fixed', 2470, 1500, true],
    [18421, 'fixed', 1100, 100, true],
    [18324, 'located', 2076, 1091, false],
    [18458, 'generic', 5900, 0, true],
  ])('product %i is %s at %i cents (fee %i), visible %s', async (id, productKind, price, fee, visible) => {
    const [row] = await database.db.select().from(products).where(eq(products.id, id));
    expect([row?.kind, row?.priceCents, row?.officialFeeCents, row?.visible, row?.version]).toEqual([
      productKind,
      price,
      fee,
      visible,
      1,
    ]);
  });

  it('seeds operator-managed tables with example rows only', async () => {
    const regs = await database.db.select().from(registries);
    const places = await database.db.select().from(slowRegistryPlaces);
    expect(regs.length).toBeGreaterThan(0);
    expect(places.length).toBeGreaterThan(0);
    // Spanish registries say '(ejemplo)', Portuguese conservatórias '(exemplo)' (ADR 034).
    expect(regs.every((r) => r.isExample && /\((ejemplo|exemplo)\)/.test(r.name))).toBe(true);
    expect(regs.some((r) => r.country === 'PT')).toBe(true);
    expect(places.every((p) => p.isExample)).toBe(true);
    expect(await count(database, 'operators')).toBe(0);
  });

  it('keeps edited rows by default, restores them and bumps the version with overwrite', async () => {
    await database.db.update(products).set({ priceCents: 9999 }).where(eq(products.id, 18464));
    await database.db.update(stores).set({ phone: '+34 600 000 000' }).where(eq(stores.id, 14));
    await database.db.delete(products).where(eq(products.id, 18505));

    await seed(database.db);
    const [kept] = await database.db.select().from(products).where(eq(products.id, 18464));
    const [store] = await database.db.select().from(stores).where(eq(stores.id, 14));
    expect([kept?.priceCents, kept?.version, store?.phone]).toEqual([9999, 1, '+34 600 000 000']);
    expect(await count(database, 'products')).toBe(catalogue.length);

    await seed(database.db, { overwrite: true });
    const [restored] = await database.db.select().from(products).where(eq(products.id, 18464));
    const [untouched] = await database.db.select().from(products).where(eq(products.id, 15867));
    const [restoredStore] = await database.db.select().from(stores).where(eq(stores.id, 14));
    expect([restored?.priceCents, restored?.version, untouched?.version]).toEqual([9900, 2, 1]);
    expect(restoredStore?.phone).toBe('+34 910 000 014');
  });
});
