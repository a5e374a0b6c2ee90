import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, newSession, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { slowGateway } from '../../testing/fake-gateways.ts';

/** The sandbox off and one card + Bizum gateway: PayPal, bank transfer and Multibanco have no gateway here. */
describe.each(testDatabaseKinds())('store settings (%s)', (kind) => {
  let t: TestApp;
  let admin: AdminClient;
  let agent: AdminClient;
  const gateway = slowGateway({ name: 'fakecard', methods: ['cc', 'bizum'], delayMs: 0 });
  beforeAll(async () => {
    t = await buildTestApp(kind, { PAYMENT_SANDBOX: 'false' }, { gateways: [gateway] });
    admin = await signedInOperator(t.app, 'admin');
    agent = await signedInOperator(t.app, 'agent');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const body = {
    phone: '+34 911 222 333',
    payment_methods: ['cc', 'bizum'],
    wallets: true,
    ns_copy: 'Recibirás tu nota simple en unas horas.',
    official_channel: { name: 'Sede del Colegio', url: 'https://sede.example.es/', fee_cents: 902 },
  };

  it('is for admins only: 401 without a session, 403 for an agent', async () => {
    const calls = [
      { method: 'GET' as const, url: '/admin/api/stores' },
      { method: 'GET' as const, url: '/admin/api/stores/14' },
      { method: 'PUT' as const, url: '/admin/api/stores/14/settings', payload: body },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await adminSend(t.app, agent, call)).statusCode, call.url).toBe(403);
    }
    const list = await adminSend(t.app, admin, { url: '/admin/api/stores' });
    expect(list.statusCode).toBe(200);
    expect(list.json().stores.map((s: { id: number }) => s.id)).toContain(14);
  });

  it('shows the methods with the gateway configured for each, never a credential', async () => {
    const answer = await adminSend(t.app, admin, { url: '/admin/api/stores/14' });
    expect(answer.statusCode).toBe(200);
    const { store } = answer.json();
    expect(store.gateways).toEqual([{ name: 'fakecard', methods: ['cc', 'bizum'] }]);
    expect(store.sandbox).toBe(false);
    const byMethod = Object.fromEntries(store.methods.map((m: { method: string }) => [m.method, m]));
    expect(byMethod.cc).toMatchObject({ gateway: 'fakecard', listed: true });
    expect(byMethod.paypal).toMatchObject({ gateway: null, listed: true });
    expect(store.offered).toEqual([
      { method: 'cc', gateway: 'fakecard' },
      { method: 'bizum', gateway: 'fakecard' },
    ]);
    expect(store.issuer.source).toBe('environment');
    expect(store.conversion_script).toBe(false);
    expect(store.ns_copy).toBeNull();
    expect((await adminSend(t.app, admin, { url: '/admin/api/stores/999' })).statusCode).toBe(404);
  });

  it('refuses, field by field and in Spanish, a method no configured gateway takes, and bad data', async () => {
    const refused = await adminSend(t.app, admin, {
      method: 'PUT',
      url: '/admin/api/stores/14/settings',
      payload: { ...body, payment_methods: ['cc', 'paypal', 'bizum', 'bank'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'payment_methods.1', message: expect.stringMatching(/^Ninguna pasarela configurada/) },
      { path: 'payment_methods.3', message: expect.stringMatching(/^Ninguna pasarela configurada/) },
    ]);
    const invalid = await adminSend(t.app, admin, {
      method: 'PUT',
      url: '/admin/api/stores/14/settings',
      payload: {
        ...body,
        phone: '',
        payment_methods: ['cc', 'cc'],
        official_channel: { name: 'x', url: 'http://insecure.example/', fee_cents: 1 },
      },
    });
    expect(invalid.statusCode).toBe(400);
    const paths = invalid.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['phone', 'payment_methods', 'official_channel.url']));
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'store.settings'), eq(auditLog.entityId, '14')));
    expect(audits).toHaveLength(0);
  });

  it('saves, audits the change and the storefront configuration of that store follows at once', async () => {
    const before = (await newSession(t.app, { store_id: '14' })).config;
    expect(before.payment_methods).toEqual(['cc', 'bizum']);
    expect(before.payment_wallets).toBe(false);

    const saved = await adminSend(t.app, admin, {
      method: 'PUT',
      url: '/admin/api/stores/14/settings',
      payload: { ...body, payment_methods: ['bizum'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().store).toMatchObject({ phone: body.phone, wallets: true, ns_copy: body.ns_copy });

    const after = (await newSession(t.app, { store_id: '14' })).config;
    expect(after).toMatchObject({
      phone: body.phone,
      payment_methods: ['bizum'],
      payment_gateways: { bizum: 'fakecard' },
      payment_wallets: true,
      nsCopy: body.ns_copy,
      official_channel: body.official_channel,
    });
    // Another store is untouched.
    expect((await newSession(t.app, { store_id: '12' })).config.phone).not.toBe(body.phone);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'store.settings'), eq(auditLog.entityId, '14')));
    expect(audit?.operatorId).not.toBeNull();
    expect(audit?.data).toMatchObject({
      before: { payment_methods: ['cc', 'bizum', 'paypal', 'bank'], wallets: false, ns_copy: null },
      after: { payment_methods: ['bizum'], wallets: true, phone: body.phone, ns_copy: body.ns_copy },
    });

    // The audit log finds it by store.
    const log = await adminSend(t.app, admin, { url: '/admin/api/audit?entity=store&entity_id=14' });
    expect(log.statusCode).toBe(200);
    expect(log.json().entries.map((e: { action: string }) => e.action)).toEqual(['store.settings']);

    // Back to the defaults: null removes the store's own text and channel.
    const reset = await adminSend(t.app, admin, {
      method: 'PUT',
      url: '/admin/api/stores/14/settings',
      payload: { ...body, ns_copy: null, official_channel: null },
    });
    expect(reset.json().store).toMatchObject({ ns_copy: null, official_channel: null });
    const defaults = (await newSession(t.app, { store_id: '14' })).config;
    expect(defaults.nsCopy).toBe(reset.json().store.ns_copy_default);
    expect(defaults.official_channel?.url).toBe('https://www.registradores.org/');
  });
});
