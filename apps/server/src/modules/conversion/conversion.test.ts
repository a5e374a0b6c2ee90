import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema/index.ts';
import { buildTestApp, newSession, storedSession, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

const SNIPPET =
  'window.conversions = (window.conversions || []).concat(document.currentScript.dataset.orderId);';

// Issue 20 item 10: the store-configured conversion snippet (spec 3
// lastOrderSuccess) as a script file the shop serves, named in the config of a
// session that has an order.
describe.each(testDatabaseKinds())('conversion snippet (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.database.db
      .update(stores)
      .set({ settings: sql`${stores.settings} || ${JSON.stringify({ conversion_script: SNIPPET })}::jsonb` })
      .where(eq(stores.id, 14));
    t.app.catalog.invalidate();
  });
  afterAll(() => t?.close());

  it('serves the store’s script as JavaScript from the shop, 404 for a store without one', async () => {
    const js = await t.app.inject({ url: '/conversion/14.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.body).toBe(SNIPPET);
    expect((await t.app.inject({ url: '/conversion/16.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/conversion/14.html' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/conversion/999999.js' })).statusCode).toBe(404);
  });

  it('names it in lastOrderSuccess once the session has an order, versioned by its content', async () => {
    const fresh = await newSession(t.app);
    expect(fresh.config.lastOrderSuccess).toBeNull();
    const after = await storedSession(t, { data: { lastOrderId: '1400000042' } });
    expect(after.config.lastOrderSuccess).toEqual({
      data: { script_url: expect.stringMatching(/^\/conversion\/14\.js\?v=[0-9a-f]{12}$/) },
    });
    const portuguese = await storedSession(t, { storeId: 16, data: { lastOrderId: '1600000042' } });
    expect(portuguese.config.lastOrderSuccess).toBeNull();
  });

  it('the host page’s CSP lets the page load it (scripts from self, nothing inline)', async () => {
    const page = await t.app.inject({ url: '/app/checkout/success' });
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
