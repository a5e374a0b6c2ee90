import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, auditLog, operators } from '../../db/schema/index.ts';
import {
  adminCookieOf,
  adminLogin,
  adminSend,
  insertOperator,
  signedInOperator,
  TEST_OPERATOR_PASSWORD,
} from '../../testing/admin.ts';
import { buildTestApp, newSession, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { verifyPassword } from '../customers/password.ts';
import { ADMIN_ABSOLUTE_MS, ADMIN_IDLE_MS, LOGIN_MAX_PER_ACCOUNT } from './admin-session.service.ts';

describe.each(testDatabaseKinds())('back-office log in, sessions and roles (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 to every operator route without a session', async () => {
    for (const [method, url] of [
      ['GET', '/admin/api/session'],
      ['GET', '/admin/api/operators'],
      ['POST', '/admin/api/operators'],
      ['PATCH', '/admin/api/operators/1'],
      ['POST', '/admin/api/logout'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ ok: false, message: 'Identifícate para continuar.' });
    }
  });

  it('refuses a wrong password and an unknown e-mail alike, stores an argon2id hash', async () => {
    const email = await insertOperator(t.app.db, 'agent');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/admin/api/login',
      payload: { email, password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/admin/api/login',
      payload: { email: 'nobody@backoffice.test', password: TEST_OPERATOR_PASSWORD },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(adminCookieOf(response)).toBeUndefined();
      expect(response.json().message).toBe('El correo electrónico o la contraseña no son correctos.');
    }
    const [row] = await t.app.db.select().from(operators).where(eq(operators.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash ?? '', TEST_OPERATOR_PASSWORD)).toBe(true);
  });

  it('sets an HttpOnly, SameSite=Strict cookie of 15 minutes, separate from the storefront session', async () => {
    const email = await insertOperator(t.app.db, 'agent');
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/api/login',
      payload: { email, password: TEST_OPERATOR_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'admin');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: ADMIN_IDLE_MS / 1000,
    });
    expect(cookie?.secure).toBeFalsy();
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body.operator).toMatchObject({ email, role: 'agent', disabled: false });
    expect(JSON.stringify(body)).not.toContain('argon2');

    // The storefront's session cookie is no back-office session, and the admin cookie is no storefront session.
    const shopper = await newSession(t.app);
    const asShopper = await t.app.inject({ url: '/admin/api/session', headers: { cookie: shopper.cookie } });
    expect(asShopper.statusCode).toBe(401);
    const storefront = await t.app.inject({
      url: '/desktopapp/rest/config',
      headers: { cookie: `admin=${cookie?.value}` },
    });
    expect(storefront.json().config.loggedIn).toBe(false);
  });

  it('marks the cookie Secure and names it __Host-admin over HTTPS', async () => {
    const secure = await buildTestApp(kind, { COOKIE_SECURE: 'true' });
    try {
      const email = await insertOperator(secure.app.db, 'admin');
      const response = await secure.app.inject({
        method: 'POST',
        url: '/admin/api/login',
        payload: { email, password: TEST_OPERATOR_PASSWORD },
      });
      const cookie = response.cookies.find((c) => c.name === '__Host-admin');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie?.domain).toBeUndefined();
      const again = await secure.app.inject({
        url: '/admin/api/session',
        headers: { cookie: `__Host-admin=${cookie?.value}` },
      });
      expect(again.statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });

  it('ends a session after 15 idle minutes and 8 hours after the log in', async () => {
    const idle = await signedInOperator(t.app, 'agent');
    expect((await adminSend(t.app, idle, { url: '/admin/api/session' })).statusCode).toBe(200);
    const [idleOperator] = await t.app.db.select().from(operators).where(eq(operators.email, idle.email));
    const ago = (ms: number) => new Date(Date.now() - ms);
    await t.app.db
      .update(adminSessions)
      .set({ lastSeenAt: ago(ADMIN_IDLE_MS + 1000) })
      .where(eq(adminSessions.operatorId, idleOperator?.id ?? 0));
    expect((await adminSend(t.app, idle, { url: '/admin/api/session' })).statusCode).toBe(401);

    const old = await signedInOperator(t.app, 'agent');
    const [oldOperator] = await t.app.db.select().from(operators).where(eq(operators.email, old.email));
    const where = eq(adminSessions.operatorId, oldOperator?.id ?? 0);
    // 7 h 55 min in, still active: alive, and the cookie lasts only until the 8-hour mark.
    await t.app.db
      .update(adminSessions)
      .set({ createdAt: ago(ADMIN_ABSOLUTE_MS - 5 * 60_000) })
      .where(where);
    const late = await adminSend(t.app, old, { url: '/admin/api/session' });
    expect(late.statusCode).toBe(200);
    const maxAge = late.cookies.find((c) => c.name === 'admin')?.maxAge ?? 0;
    expect(maxAge).toBeGreaterThan(280);
    expect(maxAge).toBeLessThanOrEqual(300);
    await t.app.db
      .update(adminSessions)
      .set({ createdAt: ago(ADMIN_ABSOLUTE_MS + 1000), lastSeenAt: new Date() })
      .where(where);
    expect((await adminSend(t.app, old, { url: '/admin/api/session' })).statusCode).toBe(401);
  });

  it('needs the CSRF token and the same origin for state-changing calls', async () => {
    const admin = await signedInOperator(t.app, 'admin');
    const payload = {
      email: 'csrf@backoffice.test',
      name: 'X',
      role: 'agent',
      password: 'a long enough password',
    };
    const without = await adminSend(t.app, admin, {
      method: 'POST',
      url: '/admin/api/operators',
      payload,
      csrf: false,
    });
    expect(without.statusCode).toBe(403);
    const wrong = await adminSend(t.app, admin, {
      method: 'POST',
      url: '/admin/api/operators',
      payload,
      csrf: false,
      headers: { 'x-admin-csrf': 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
    const crossSite = await adminSend(t.app, admin, {
      method: 'POST',
      url: '/admin/api/operators',
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const fetchSite = await adminSend(t.app, admin, {
      method: 'POST',
      url: '/admin/api/operators',
      payload,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);
    expect(await t.app.db.select().from(operators).where(eq(operators.email, payload.email))).toEqual([]);
    const ok = await adminSend(t.app, admin, { method: 'POST', url: '/admin/api/operators', payload });
    expect(ok.statusCode).toBe(200);
  });

  it('lets only admins manage operators, and audits each change with before and after', async () => {
    const agent = await signedInOperator(t.app, 'agent');
    const admin = await signedInOperator(t.app, 'admin');
    const payload = {
      email: 'new-agent@backoffice.test',
      name: 'New',
      role: 'agent',
      password: 'another long password',
    };
    expect((await adminSend(t.app, agent, { url: '/admin/api/operators' })).statusCode).toBe(403);
    expect(
      (await adminSend(t.app, agent, { method: 'POST', url: '/admin/api/operators', payload })).statusCode,
    ).toBe(403);
    expect(
      (
        await adminSend(t.app, agent, {
          method: 'PATCH',
          url: '/admin/api/operators/1',
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(403);

    const created = await adminSend(t.app, admin, { method: 'POST', url: '/admin/api/operators', payload });
    expect(created.statusCode).toBe(200);
    const id = created.json().operator.id as number;
    expect(
      (await adminSend(t.app, admin, { method: 'POST', url: '/admin/api/operators', payload })).statusCode,
    ).toBe(409);

    const list = await adminSend(t.app, admin, { url: '/admin/api/operators' });
    expect(list.json().operators.map((o: { email: string }) => o.email)).toContain(payload.email);

    const promoted = await adminSend(t.app, admin, {
      method: 'PATCH',
      url: `/admin/api/operators/${id}`,
      payload: { role: 'admin' },
    });
    expect(promoted.json().operator.role).toBe('admin');
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'operator'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(['operator.update', 'operator.create']);
    expect(audit[0]).toMatchObject({
      actor: admin.email,
      data: { before: { role: 'agent' }, after: { role: 'admin' } },
    });

    // The audit log: admins only, filtered by entity.
    expect((await adminSend(t.app, agent, { url: '/admin/api/audit' })).statusCode).toBe(403);
    const log = await adminSend(t.app, admin, { url: `/admin/api/audit?entity=operator&entity_id=${id}` });
    expect(log.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'operator.update',
      'operator.create',
    ]);
    expect(log.json().entries[0]).toMatchObject({ actor: admin.email, data: { after: { role: 'admin' } } });

    // An admin cannot demote or disable themselves.
    const [me] = await t.app.db.select().from(operators).where(eq(operators.email, admin.email));
    const self = await adminSend(t.app, admin, {
      method: 'PATCH',
      url: `/admin/api/operators/${me?.id}`,
      payload: { disabled: true },
    });
    expect(self.statusCode).toBe(409);
  });

  it('ends the sessions of a disabled operator and refuses their log in', async () => {
    const admin = await signedInOperator(t.app, 'admin');
    const agent = await signedInOperator(t.app, 'agent');
    const [row] = await t.app.db.select().from(operators).where(eq(operators.email, agent.email));
    const disabled = await adminSend(t.app, admin, {
      method: 'PATCH',
      url: `/admin/api/operators/${row?.id}`,
      payload: { disabled: true },
    });
    expect(disabled.json().operator.disabled).toBe(true);
    expect((await adminSend(t.app, agent, { url: '/admin/api/session' })).statusCode).toBe(401);
    await expect(adminLogin(t.app, agent.email)).rejects.toThrow(/401/);
  });

  it('throttles log ins after repeated failures for one account', async () => {
    const email = await insertOperator(t.app.db, 'agent');
    for (let i = 0; i < LOGIN_MAX_PER_ACCOUNT; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/admin/api/login',
        payload: { email, password: 'wrong' },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/admin/api/login',
      payload: { email, password: TEST_OPERATOR_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('logs out: the session ends, the cookie is cleared, both audited', async () => {
    const agent = await signedInOperator(t.app, 'agent');
    const out = await adminSend(t.app, agent, { method: 'POST', url: '/admin/api/logout' });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'admin');
    expect(cleared?.value).toBe('');
    expect((await adminSend(t.app, agent, { url: '/admin/api/session' })).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(operators).where(eq(operators.email, agent.email));
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.operatorId, row?.id ?? 0));
    expect(actions.map((a) => a.action).sort()).toEqual(['operator.login', 'operator.logout']);
  });
});
