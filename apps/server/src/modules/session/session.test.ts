import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sessions } from '../../db/schema/index.ts';
import {
  buildTestApp,
  newSession,
  send,
  sessionCookieOf,
  storedSession,
  storedSessionIdOf,
  TEST_SESSION_SECRET,
  type TestApp,
  testEnv,
} from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { newSessionId, SESSION_TTL_MS, signToken } from './session-token.ts';

const DAY = 24 * 3600 * 1000;
const CONFIG = '/desktopapp/rest/config';
const secret = Buffer.from(TEST_SESSION_SECRET);
const subscribe = { endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } };

describe.each(testDatabaseKinds())('sessions (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const row = async (id: string | null) =>
    id === null ? undefined : (await t.database.db.select().from(sessions).where(eq(sessions.id, id)))[0];
  const count = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]?.n ?? 0;
  const get = (cookie?: string, url = CONFIG) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it('sets a signed, HttpOnly, SameSite=Lax cookie for 30 days, without Secure over plain HTTP', async () => {
    const response = await get();
    const sid = response.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid?.maxAge).toBeGreaterThan(30 * 24 * 3600 - 5);
    expect(sid?.secure).toBeUndefined();
    expect(sid?.value).toMatch(/^a\.[\w-]{43}\.\.[0-9a-z]+\.[\w-]{43}$/);
  });

  it('stores no row for visitors who store nothing, a chosen store included, however many come', async () => {
    const before = await count();
    const cookies = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) cookies.add(sessionCookieOf(await get()));
    for (const url of [CONFIG, '/desktopapp/rest/cart', '/app/servicios', `${CONFIG}?store_id=16`])
      cookies.add(sessionCookieOf(await get(undefined, url)));
    expect(cookies.size).toBe(9);
    expect(await count()).toBe(before);
  });

  it('keeps an anonymous session, its store and its form key in the signed cookie alone', async () => {
    const session = await newSession(t.app, { store_id: '26' });
    expect(session.config).toMatchObject({ store_id: 26, language: 'pt' });
    const again = await get(session.cookie);
    expect(again.cookies).toHaveLength(0);
    expect(again.json().config).toMatchObject({ store_id: 26, form_key: session.formKey });
    expect(storedSessionIdOf(session.cookie)).toBeNull();
  });

  it('stores the session at its first write under a new id, with a new form key', async () => {
    const session = await newSession(t.app, { store_id: '16' });
    const anonymous = { cookie: session.cookie, formKey: session.formKey };
    const response = await send(t.app, session, {
      method: 'POST',
      url: '/desktopapp/rest/pushSubscribe',
      payload: subscribe,
    });
    expect(response.statusCode).toBe(200);
    const id = storedSessionIdOf(session.cookie);
    expect(id).not.toBeNull();
    expect(anonymous.cookie).not.toContain(id ?? '');
    expect(session.formKey).not.toBe(anonymous.formKey);
    const stored = await row(id);
    expect(stored).toMatchObject({ storeId: 16 });
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    const later = await get(session.cookie);
    expect(later.cookies).toHaveLength(0);
    expect(later.json().config).toMatchObject({ store_id: 16, form_key: session.formKey });
    // The old cookie is still only an anonymous visitor: it never reaches the stored session.
    const old = await get(anonymous.cookie);
    expect(old.json().config.form_key).toBe(anonymous.formKey);
    expect(old.json().config.form_key).not.toBe(session.formKey);
  });

  it.each([
    ['an unsigned id', () => `sid=${newSessionId()}`],
    ['garbage', () => 'sid=not-a-session'],
    [
      'a token signed with another secret',
      () =>
        `sid=${signToken(Buffer.from('another-secret-0123456789abcdefgh'), { id: newSessionId(), stored: true, storeId: null, issuedAt: Date.now() })}`,
    ],
    [
      'an anonymous token whose store was changed',
      () => {
        const token = signToken(secret, {
          id: newSessionId(),
          stored: false,
          storeId: 14,
          issuedAt: Date.now(),
        });
        return `sid=${token.replace('.14.', '.16.')}`;
      },
    ],
    [
      'a stored token naming a session that does not exist',
      () =>
        `sid=${signToken(secret, { id: newSessionId(), stored: true, storeId: null, issuedAt: Date.now() })}`,
    ],
    [
      'an anonymous token older than 30 days',
      () =>
        `sid=${signToken(secret, { id: newSessionId(), stored: false, storeId: 16, issuedAt: Date.now() - 31 * DAY })}`,
    ],
  ])('starts a new anonymous session for %s', async (_name, makeCookie) => {
    const cookie = makeCookie();
    const response = await get(cookie);
    const issued = sessionCookieOf(response);
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(cookie);
    expect(response.json().config.store_id).toBe(14);
  });

  it('does not revive an expired stored session', async () => {
    const session = await storedSession(t, { expiresAt: new Date(Date.now() + DAY) });
    const id = storedSessionIdOf(session.cookie);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id ?? ''));
    const response = await get(session.cookie);
    expect(response.json().config.form_key).not.toBe(session.formKey);
    expect(storedSessionIdOf(sessionCookieOf(response) ?? '')).toBeNull();
  });

  it('slides a stored session’s expiry forward (and renews the cookie) once a day at most', async () => {
    const session = await storedSession(t, {
      lastSeenAt: new Date(Date.now() - 2 * DAY),
      expiresAt: new Date(Date.now() + 28 * DAY),
    });
    const id = storedSessionIdOf(session.cookie);
    const response = await get(session.cookie);
    expect(storedSessionIdOf(sessionCookieOf(response) ?? '')).toBe(id);
    const stored = await row(id);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(stored?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const renewed = sessionCookieOf(response) ?? '';
    expect((await get(renewed)).cookies).toHaveLength(0);
    expect((await row(id))?.lastSeenAt.getTime()).toBe(stored?.lastSeenAt.getTime());
  });

  it('remembers a stored session’s store chosen with ?store_id= on a GET, for that session only', async () => {
    const mine = await storedSession(t);
    const other = await storedSession(t);
    const chosen = await get(mine.cookie, `${CONFIG}?store_id=16`);
    expect(chosen.json().config.store_id).toBe(16);
    expect((await row(storedSessionIdOf(mine.cookie)))?.storeId).toBe(16);
    expect((await get(mine.cookie)).json().config.store_id).toBe(16);
    expect((await get(other.cookie)).json().config.store_id).toBe(14);
  });

  it('changes nothing on a refused request: no store, no cookie, no row', async () => {
    const session = await storedSession(t);
    const before = await count();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/desktopapp/rest/pushSubscribe?store_id=16',
      headers: { cookie: session.cookie, 'x-form-key': 'wrong' },
      payload: subscribe,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.cookies).toHaveLength(0);
    expect((await row(storedSessionIdOf(session.cookie)))?.storeId).toBe(14);
    const anonymous = await newSession(t.app);
    const refusedAnonymous = await t.app.inject({
      method: 'POST',
      url: '/desktopapp/rest/pushSubscribe?store_id=16',
      headers: { cookie: anonymous.cookie },
      payload: subscribe,
    });
    expect(refusedAnonymous.statusCode).toBe(403);
    expect(refusedAnonymous.cookies).toHaveLength(0);
    expect(await count()).toBe(before);
  });

  it('does not start sessions for requests outside the API and the host page', async () => {
    const before = await count();
    for (const url of ['/version.json', '/registros.php?term=madrid', '/assets/app-3f2a1b.js', '/nope']) {
      const response = await get(undefined, url);
      expect(response.cookies, url).toHaveLength(0);
    }
    expect(await count()).toBe(before);
  });

  it('a session cookie of another secret is refused, and the form key depends on the secret', async () => {
    const other = await buildApp({
      database: t.database,
      env: testEnv({ SESSION_SECRET: 'yet-another-secret-0123456789abcdef' }),
    });
    try {
      const session = await storedSession(t);
      const response = await other.inject({ url: CONFIG, headers: { cookie: session.cookie } });
      expect(response.json().config.form_key).not.toBe(session.formKey);
      expect(storedSessionIdOf(sessionCookieOf(response) ?? '')).toBeNull();
    } finally {
      await other.close();
    }
  });

  describe.each([
    ['COOKIE_SECURE=true', { COOKIE_SECURE: 'true' }, {}],
    ['HTTPS behind a trusted proxy', { TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' }],
  ])('over HTTPS (%s)', (_name, env, headers) => {
    let secure: FastifyInstance;
    beforeAll(async () => {
      secure = await buildApp({ database: t.database, env: testEnv(env) });
    });
    afterAll(() => secure?.close());

    it('names the cookie __Host-sid and marks it Secure', async () => {
      const response = await secure.inject({ url: CONFIG, headers });
      const cookie = response.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      const again = await secure.inject({
        url: CONFIG,
        headers: { ...headers, cookie: `__Host-sid=${cookie?.value}` },
      });
      expect(again.cookies).toHaveLength(0);
    });
  });
});

describe('session ids', () => {
  it('are 256 random bits: no two alike', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newSessionId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[\w-]{43}$/);
  });

  it('anonymous sessions live 30 days', () => {
    expect(SESSION_TTL_MS).toBe(30 * DAY);
  });
});
