import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sessions } from '../../db/schema/index.ts';
import { buildTestApp, newSession, type TestApp, testEnv } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

const DAY = 24 * 3600 * 1000;

describe.each(testDatabaseKinds())('sessions (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const row = async (cookie: string) =>
    (
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, cookie.slice('sid='.length)))
    )[0];

  it('sets an HttpOnly, SameSite=Lax cookie for 30 days, without Secure by default', async () => {
    const response = await t.app.inject({ url: '/desktopapp/rest/config' });
    const sid = response.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(sid?.secure).toBeUndefined();
    expect(sid?.value).toMatch(/^[\w-]{43}$/);
  });

  it('keeps the session and its form key across requests with the cookie', async () => {
    const session = await newSession(t.app);
    const again = await t.app.inject({ url: '/desktopapp/rest/config', headers: { cookie: session.cookie } });
    expect(again.cookies).toHaveLength(0);
    expect(again.json().config.form_key).toBe(session.formKey);
    const stored = await row(session.cookie);
    expect(stored?.csrfToken).toBe(session.formKey);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it.each([
    ['an unknown cookie', async () => 'sid=not-a-session'],
    [
      'an expired session',
      async () => {
        const session = await newSession(t.app);
        await t.database.db
          .update(sessions)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(sessions.id, session.cookie.slice(4)));
        return session.cookie;
      },
    ],
  ])('starts a new session for %s', async (_name, makeCookie) => {
    const cookie = await makeCookie();
    const response = await t.app.inject({ url: '/desktopapp/rest/config', headers: { cookie } });
    const sid = response.cookies.find((c) => c.name === 'sid')?.value;
    expect(sid).toBeTruthy();
    expect(`sid=${sid}`).not.toBe(cookie);
  });

  it('slides the expiry forward (and renews the cookie) once a day at most', async () => {
    const session = await newSession(t.app);
    const id = session.cookie.slice(4);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * DAY), expiresAt: new Date(Date.now() + 28 * DAY) })
      .where(eq(sessions.id, id));
    const response = await t.app.inject({
      url: '/desktopapp/rest/config',
      headers: { cookie: session.cookie },
    });
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe(id);
    const stored = await row(session.cookie);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(stored?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores the store chosen with ?store_id= and keeps it without the parameter', async () => {
    const session = await newSession(t.app, { store_id: '26' });
    expect(session.config).toMatchObject({ store_id: 26, language: 'pt' });
    expect((await row(session.cookie))?.storeId).toBe(26);
    const later = await t.app.inject({ url: '/desktopapp/rest/config', headers: { cookie: session.cookie } });
    expect(later.json().config.store_id).toBe(26);
  });

  it('does not start sessions for requests outside the API and the host page', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    for (const url of ['/version.json', '/registros.php?term=madrid', '/assets/app-3f2a1b.js', '/nope']) {
      const response = await t.app.inject({ url });
      expect(response.cookies, url).toHaveLength(0);
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  describe('with COOKIE_SECURE=true', () => {
    let secure: FastifyInstance;
    beforeAll(async () => {
      secure = await buildApp({ database: t.database, env: testEnv({ COOKIE_SECURE: 'true' }) });
    });
    afterAll(() => secure?.close());

    it('marks the cookie Secure', async () => {
      const response = await secure.inject({ url: '/desktopapp/rest/config' });
      expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    });
  });
});
