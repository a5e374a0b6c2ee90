import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sessions } from '../../db/schema/index.ts';
import {
  buildTestApp,
  newSession,
  sessionIdOf,
  type TestApp,
  testEnv,
  writeSession,
} from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { newSessionId } from './session-ids.ts';

const DAY = 24 * 3600 * 1000;
const CONFIG = '/desktopapp/rest/config';

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
        .where(eq(sessions.id, sessionIdOf(cookie)))
    )[0];
  const count = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]?.n ?? 0;
  const get = (cookie?: string, url = CONFIG) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const sidOf = (response: Awaited<ReturnType<typeof get>>) =>
    response.cookies.find((c) => c.name === 'sid')?.value;

  it('sets an HttpOnly, SameSite=Lax cookie for 30 days, without Secure by default', async () => {
    const response = await get();
    const sid = response.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(sid?.secure).toBeUndefined();
    expect(sid?.value).toMatch(/^[\w-]{43}$/);
  });

  it('stores no row for visitors who store nothing, however many come', async () => {
    const before = await count();
    const ids = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) ids.add(sidOf(await get()));
    for (const url of [CONFIG, '/desktopapp/rest/cart', '/app/servicios'])
      ids.add(sidOf(await get(undefined, url)));
    expect(ids.size).toBe(8);
    expect(await count()).toBe(before);
  });

  it('keeps the session and its form key across requests with the cookie, still without a row', async () => {
    const session = await newSession(t.app);
    const again = await get(session.cookie);
    expect(again.cookies).toHaveLength(0);
    expect(again.json().config.form_key).toBe(session.formKey);
    expect(await row(session.cookie)).toBeUndefined();
  });

  it('creates the row at the first write, with the same id and form key', async () => {
    const session = await newSession(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/desktopapp/rest/pushSubscribe',
      headers: { cookie: session.cookie, 'x-form-key': session.formKey },
      payload: { endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().config.form_key).toBe(session.formKey);
    const stored = await row(session.cookie);
    expect(stored?.csrfToken).toBe(session.formKey);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    // The first write renews the cookie, so it lives as long as the row.
    expect(sidOf(response)).toBe(sessionIdOf(session.cookie));
    const later = await get(session.cookie);
    expect(later.cookies).toHaveLength(0);
    expect(later.json().config.form_key).toBe(session.formKey);
  });

  it.each([
    ['an unknown cookie', async () => 'sid=not-a-session'],
    ['an id we never issued lately', async () => `sid=${newSessionId(new Date(Date.now() - 31 * DAY))}`],
    [
      'an expired session',
      async () => {
        const session = await newSession(t.app);
        await writeSession(t, session.cookie, { expiresAt: new Date(Date.now() - 1000) });
        return session.cookie;
      },
    ],
  ])('starts a new session for %s', async (_name, makeCookie) => {
    const cookie = await makeCookie();
    const response = await get(cookie);
    const sid = sidOf(response);
    expect(sid).toBeTruthy();
    expect(`sid=${sid}`).not.toBe(cookie);
    expect(response.json().config.form_key).not.toBe('');
  });

  it('slides the expiry forward (and renews the cookie) once a day at most', async () => {
    const session = await newSession(t.app);
    const id = sessionIdOf(session.cookie);
    await writeSession(t, session.cookie, {
      lastSeenAt: new Date(Date.now() - 2 * DAY),
      expiresAt: new Date(Date.now() + 28 * DAY),
    });
    const response = await get(session.cookie);
    expect(sidOf(response)).toBe(id);
    const stored = await row(session.cookie);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(stored?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Seen now: the next request writes nothing.
    expect((await get(session.cookie)).cookies).toHaveLength(0);
    expect((await row(session.cookie))?.lastSeenAt.getTime()).toBe(stored?.lastSeenAt.getTime());
  });

  it('stores the store chosen with ?store_id= and keeps it without the parameter', async () => {
    const session = await newSession(t.app, { store_id: '26' });
    expect(session.config).toMatchObject({ store_id: 26, language: 'pt' });
    expect((await row(session.cookie))?.storeId).toBe(26);
    const later = await get(session.cookie);
    expect(later.json().config.store_id).toBe(26);
  });

  it('does not start sessions for requests outside the API and the host page', async () => {
    const before = await count();
    for (const url of ['/version.json', '/registros.php?term=madrid', '/assets/app-3f2a1b.js', '/nope']) {
      const response = await get(undefined, url);
      expect(response.cookies, url).toHaveLength(0);
    }
    expect(await count()).toBe(before);
  });

  it('shows a change made through the service at the next read, and to that session only', async () => {
    const mine = await newSession(t.app);
    const other = await newSession(t.app);
    await get(mine.cookie);
    await get(other.cookie);
    const chosen = await t.app.inject({ url: `${CONFIG}?store_id=16`, headers: { cookie: mine.cookie } });
    expect(chosen.json().config.store_id).toBe(16);
    expect((await get(mine.cookie)).json().config.store_id).toBe(16);
    expect((await get(other.cookie)).json().config.store_id).toBe(14);
  });

  describe('with COOKIE_SECURE=true', () => {
    let secure: FastifyInstance;
    beforeAll(async () => {
      secure = await buildApp({ database: t.database, env: testEnv({ COOKIE_SECURE: 'true' }) });
    });
    afterAll(() => secure?.close());

    it('marks the cookie Secure', async () => {
      const response = await secure.inject({ url: CONFIG });
      expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    });
  });
});
