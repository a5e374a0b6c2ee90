import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import {
  buildTestApp,
  newSession,
  send,
  sessionCookieOf,
  storedSessionIdOf,
  type TestApp,
} from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

const URL_ = '/desktopapp/rest/pushSubscribe';
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

describe.each(testDatabaseKinds())('POST pushSubscribe (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  it.each([
    ['no form key', {}],
    ['a wrong form key in the header', { 'x-form-key': 'wrong' }],
    ['an empty form key', { 'x-form-key': '' }],
  ])('refuses %s with 403 in the store language', async (_name, headers) => {
    const session = await newSession(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: URL_,
      headers: { cookie: session.cookie, ...headers },
      payload: subscription,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      ok: false,
      message:
        'La sesión ha caducado o la clave del formulario no es válida. Recarga la página e inténtalo de nuevo.',
      errors: [],
      request_id: expect.any(String),
    });
  });

  it('refuses another session’s form key', async () => {
    const mine = await newSession(t.app);
    const theirs = await newSession(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: URL_,
      headers: { cookie: mine.cookie, 'x-form-key': theirs.formKey },
      payload: subscription,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses in Portuguese on store 16', async () => {
    const session = await newSession(t.app, { store_id: '16' });
    const response = await t.app.inject({
      method: 'POST',
      url: URL_,
      headers: { cookie: session.cookie },
      payload: subscription,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/^A sessão expirou/);
  });

  it.each([
    [
      '14',
      {
        message: 'Revisa los datos marcados.',
        errors: [
          { path: 'endpoint', message: 'Introduce una dirección web válida' },
          { path: 'expirationTime', message: 'Introduce un número' },
          { path: 'keys.p256dh', message: 'Este campo es obligatorio' },
          { path: 'keys.auth', message: 'Este campo es obligatorio' },
        ],
      },
    ],
    [
      '16',
      {
        message: 'Verifique os dados assinalados.',
        errors: [
          { path: 'endpoint', message: 'Introduza um endereço web válido' },
          { path: 'expirationTime', message: 'Introduza um número' },
          { path: 'keys.p256dh', message: 'Este campo é obrigatório' },
          { path: 'keys.auth', message: 'Este campo é obrigatório' },
        ],
      },
    ],
  ])(
    'answers a malformed subscription with 400 and per-field messages (store %s)',
    async (storeId, expected) => {
      const session = await newSession(t.app, { store_id: storeId });
      const response = await t.app.inject({
        method: 'POST',
        url: URL_,
        headers: { cookie: session.cookie, 'x-form-key': session.formKey },
        payload: { endpoint: 'http://push.example/insecure', expirationTime: 'soon', keys: { auth: '   ' } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, ...expected, request_id: expect.any(String) });
    },
  );

  it.each([
    [
      'the X-Form-Key header',
      (formKey: string) => ({ headers: { 'x-form-key': formKey }, payload: subscription }),
    ],
    [
      'config.form_key in the body',
      (formKey: string) => ({
        headers: {},
        payload: { ...subscription, config: { form_key: formKey, store_id: 14 } },
      }),
    ],
  ])('stores a valid subscription sent with %s in the session', async (_name, build) => {
    const session = await newSession(t.app);
    const { headers, payload } = build(session.formKey);
    const response = await t.app.inject({
      method: 'POST',
      url: URL_,
      headers: { cookie: session.cookie, ...headers },
      payload,
    });
    expect(response.statusCode).toBe(200);
    // The first write stores the session under a new id: a new cookie and a new form key.
    const id = storedSessionIdOf(sessionCookieOf(response) ?? '');
    expect(id).not.toBeNull();
    expect(response.json()).toMatchObject({ ok: true, config: { store_id: 14 } });
    expect(response.json().config.form_key).not.toBe(session.formKey);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, id ?? ''));
    expect(row?.data.pushSubscriptions).toEqual([{ ...subscription, subscribed_at: expect.any(String) }]);
  });

  it('keeps one entry per endpoint when the browser subscribes again', async () => {
    const session = await newSession(t.app);
    const subscribe = (payload: object) => send(t.app, session, { method: 'POST', url: URL_, payload });
    await subscribe(subscription);
    await subscribe({ ...subscription, endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/xyz' });
    await subscribe({ ...subscription, expirationTime: 1_900_000_000_000 });
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, storedSessionIdOf(session.cookie) ?? ''));
    const stored = row?.data.pushSubscriptions as { endpoint: string; expirationTime: number | null }[];
    expect(stored.map((s) => [s.endpoint, s.expirationTime])).toEqual([
      ['https://updates.push.services.mozilla.com/wpush/v2/xyz', null],
      [subscription.endpoint, 1_900_000_000_000],
    ]);
  });

  it.each([
    ['malformed JSON', 'application/json', '{"endpoint":', 400],
    ['an empty JSON body', 'application/json', '', 400],
    ['an unsupported content type', 'text/csv', 'a,b', 415],
  ])('answers %s with %i and a message, never a 500', async (_name, contentType, payload, status) => {
    const session = await newSession(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: URL_,
      headers: { cookie: session.cookie, 'x-form-key': session.formKey, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({
      ok: false,
      message: expect.any(String),
      errors: [],
      request_id: expect.any(String),
    });
  });
});
