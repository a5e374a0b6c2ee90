import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema/index.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder } from '../../testing/orders.ts';

describe.each(testDatabaseKinds())('catalogue editor (%s)', (kind) => {
  let t: TestApp;
  let admin: AdminClient;
  let agent: AdminClient;
  let productId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signedInOperator(t.app, 'admin');
    agent = await signedInOperator(t.app, 'agent');
    const [generic] = await t.app.db.select().from(products).where(eq(products.kind, 'generic')).limit(1);
    productId = generic?.id ?? 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for admins only: 401 without a session, 403 for an agent', async () => {
    const calls = [
      { method: 'GET' as const, url: '/admin/api/catalog' },
      { method: 'GET' as const, url: `/admin/api/catalog/${productId}` },
      {
        method: 'PUT' as const,
        url: `/admin/api/catalog/${productId}`,
        payload: { base_version: 1, definition: {} },
      },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await adminSend(t.app, agent, call)).statusCode, call.url).toBe(403);
    }
    expect((await adminSend(t.app, admin, { url: '/admin/api/catalog' })).statusCode).toBe(200);
  });

  it('publishes a checked new version; orders keep the version they were bought with', async () => {
    const order = await insertOrder(t.app.db, { productId });
    const current = (await adminSend(t.app, admin, { url: `/admin/api/catalog/${productId}` })).json();
    const base = current.product.version as number;
    expect(current.versions[0].version).toBe(base);

    const invalid = await adminSend(t.app, admin, {
      method: 'PUT',
      url: `/admin/api/catalog/${productId}`,
      payload: { base_version: base, definition: { ...current.product.definition, price: -5 } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { path: string }) => e.path)).toContain('definition.price');
    const wrongProduct = await adminSend(t.app, admin, {
      method: 'PUT',
      url: `/admin/api/catalog/${productId}`,
      payload: { base_version: base, definition: { ...current.product.definition, product_id: 1 } },
    });
    expect(wrongProduct.statusCode).toBe(400);

    const renamed = { ...current.product.definition, name: 'Certificado (nueva versión)', price: 4321 };
    const saved = await adminSend(t.app, admin, {
      method: 'PUT',
      url: `/admin/api/catalog/${productId}`,
      payload: { base_version: base, definition: renamed },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(base + 1);

    // A second save from the old version is a conflict (someone published meanwhile).
    const stale = await adminSend(t.app, admin, {
      method: 'PUT',
      url: `/admin/api/catalog/${productId}`,
      payload: { base_version: base, definition: renamed },
    });
    expect(stale.statusCode).toBe(409);

    const after = (await adminSend(t.app, admin, { url: `/admin/api/catalog/${productId}` })).json();
    expect(after.product).toMatchObject({
      version: base + 1,
      name: 'Certificado (nueva versión)',
      price_cents: 4321,
    });
    expect(after.versions.map((v: { version: number }) => v.version)).toEqual([base + 1, base]);
    expect(after.versions[1].definition.name).toBe(current.product.definition.name);
    expect(after.versions[0].operator).toBe(admin.email);

    // The storefront serves the new version at once.
    const snapshot = await t.app.catalog.snapshot();
    expect(snapshot.products.get(productId)?.row).toMatchObject({ version: base + 1, priceCents: 4321 });

    // The order bought before still names its version.
    const detail = (await adminSend(t.app, agent, { url: `/admin/api/orders/${order.id}` })).json().order;
    expect(detail.items[0].product_version).toBe(base);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId))));
    expect(audit).toMatchObject({ action: 'catalog.publish', actor: admin.email });
    expect(audit?.data).toMatchObject({ before: { version: base }, after: { version: base + 1 } });
  });

  it('refuses to publish without a change (no new version) and checks the catalogue rules', async () => {
    const current = (await adminSend(t.app, admin, { url: `/admin/api/catalog/${productId}` })).json();
    const base = current.product.version as number;
    const put = (definition: unknown) =>
      adminSend(t.app, admin, {
        method: 'PUT',
        url: `/admin/api/catalog/${productId}`,
        payload: { base_version: base, definition },
      });
    const same = await put(current.product.definition);
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(
      'No hay cambios que publicar: la definición es igual a la versión actual.',
    );
    const options = current.product.definition.options as { option_id: number }[];
    expect(options.length).toBeGreaterThan(1);
    const duplicated = await put({
      ...current.product.definition,
      options: options.map((o, i) => (i === 1 ? { ...o, option_id: options[0]?.option_id } : o)),
    });
    expect(duplicated.statusCode).toBe(400);
    expect(duplicated.json().errors).toContainEqual({
      path: 'definition.options.1.option_id',
      message: 'Este identificador está repetido.',
    });
    const after = (await adminSend(t.app, admin, { url: `/admin/api/catalog/${productId}` })).json();
    expect(after.product.version).toBe(base);
  });
});
