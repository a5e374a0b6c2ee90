import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../../db/schema/index.ts';
import { buildTestApp, newSession, type TestApp } from '../../../testing/app.ts';
import { realGatewaysEnv } from '../../../testing/real-gateways.ts';
import { type FakeStripe, startFakeStripe } from '../../../testing/stripe-fake.ts';

/** The store setting `wallets` reaches the storefront, which turns Apple Pay / Google Pay on in Stripe's element. */
describe('wallets per store (config.payment_wallets)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp('pglite', realGatewaysEnv(fake.url, { PAYMENT_GATEWAYS: 'cc=stripe' }));
    await t.database.db
      .update(stores)
      .set({ settings: sql`${stores.settings} || '{"wallets": true}'::jsonb` })
      .where(eq(stores.id, 16));
    t.app.catalog.invalidate();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('is on only where the store enables it', async () => {
    const on = await newSession(t.app, { store_id: '16' });
    expect(on.config).toMatchObject({
      store_id: 16,
      payment_wallets: true,
      payment_gateways: { cc: 'stripe' },
    });
    const off = await newSession(t.app, { store_id: '14' });
    expect(off.config).toMatchObject({ store_id: 14, payment_wallets: false });
  });
});
