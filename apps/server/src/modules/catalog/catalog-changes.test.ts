import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { adminSend, signedInOperator } from '../../testing/admin.ts';
import { testEnv } from '../../testing/app.ts';
import { createTestPostgres } from '../../testing/db.ts';
import { waitFor } from '../../testing/wait.ts';
import { CATALOG_CHANNEL, listenForChanges } from './catalog-changes.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const quiet = { info() {}, warn() {} };

/** The product's price as the instance's memory has it. */
async function priceOn(app: FastifyInstance, productId: number): Promise<number | undefined> {
  return (await app.catalog.snapshot()).products.get(productId)?.row.priceCents;
}

describe.runIf(hasPostgres)('two instances on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let database: Database & { url: string };
  let second: Database;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let productId: number;
  beforeAll(async () => {
    database = await createTestPostgres();
    second = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 3 });
    one = await buildApp({ database, env: testEnv({ DATABASE_URL: database.url }) });
    two = await buildApp({ database: second, env: testEnv({ DATABASE_URL: database.url }) });
    await Promise.all([one.ready(), two.ready()]);
    const [generic] = await one.db.select().from(products).where(eq(products.kind, 'generic')).limit(1);
    productId = generic?.id ?? 0;
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await second?.close();
    await database?.close();
  });

  it('a price saved in the back office of one is served by the other within a second', async () => {
    const before = await priceOn(two, productId);
    expect(before).toBeDefined();
    const admin = await signedInOperator(one, 'admin');
    const current = (await adminSend(one, admin, { url: `/admin/api/catalog/${productId}` })).json();
    const price = (current.product.definition.price as number) + 12;
    const saved = await adminSend(one, admin, {
      method: 'PUT',
      url: `/admin/api/catalog/${productId}`,
      payload: {
        base_version: current.product.version,
        definition: { ...current.product.definition, price },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const now = await priceOn(one, productId);
    expect(now).not.toBe(before);
    const started = Date.now();
    await waitFor(async () => (await priceOn(two, productId)) === now, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("a store's settings saved in the back office of one are served by the other within a second", async () => {
    const phoneOn = async (app: FastifyInstance) => (await app.catalog.snapshot()).stores.get(12)?.phone;
    expect(await phoneOn(two)).toBeDefined();
    const admin = await signedInOperator(one, 'admin');
    const { store } = (await adminSend(one, admin, { url: '/admin/api/stores/12' })).json();
    const phone = `${store.phone} 9`;
    const saved = await adminSend(one, admin, {
      method: 'PUT',
      url: '/admin/api/stores/12/settings',
      payload: {
        phone,
        payment_methods: store.methods
          .filter((m: { listed: boolean }) => m.listed)
          .map((m: { method: string }) => m.method),
        wallets: store.wallets,
        ns_copy: store.ns_copy,
        official_channel: store.official_channel,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await waitFor(async () => (await phoneOn(two)) === phone, 1000);
  });

  it('comes back after its connection is cut, and forgets what it may have missed', async () => {
    let notices = 0;
    let missed = 0;
    const listener = listenForChanges({
      url: database.url,
      channel: CATALOG_CHANNEL,
      log: quiet,
      retryMs: 50,
      onNotice: () => notices++,
      onMissed: () => missed++,
    });
    await listener.ready;
    await database.db.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, 'x')`);
    await waitFor(() => notices === 1, 2000);
    // An operator (or a failover) ends every listening backend.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'shop-listen' AND datname = current_database()",
    );
    await admin.end();
    await waitFor(() => missed >= 1, 5000);
    await database.db.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, 'y')`);
    await waitFor(() => notices === 2, 2000);
    await listener.close();
  });
});
