import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, loginThrottle, mailMessages, passwordResets, sessions } from '../../db/schema/index.ts';
import {
  buildTestApp,
  newSession,
  send,
  storedSessionIdOf,
  type TestApp,
  type TestSession,
} from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import {
  authenticate,
  createCustomer,
  loggedInSession,
  randomAddress,
  uniqueEmail,
} from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

const API = '/desktopapp/rest';

describe.each(testDatabaseKinds())('customers (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { LOGIN_MAX_FAILURES_ACCOUNT: '3', LOGIN_MAX_FAILURES_ADDRESS: '6' });
  });
  afterAll(() => t?.close());

  const get = (session: TestSession, url: string, formKey = false) =>
    send(t.app, session, { method: 'GET', url: `${API}/${url}`, formKey });
  const post = (session: TestSession, url: string, payload: Record<string, unknown>) =>
    send(t.app, session, {
      method: 'POST',
      url: `${API}/${url}`,
      payload: { config: session.config, ...payload },
    });

  describe('checkEmail', () => {
    it('tells whether a customer is registered, with the spec message when one is', async () => {
      const session = await newSession(t.app);
      const known = await createCustomer(t);
      const unknownAnswer = await get(session, `checkEmail/email/${encodeURIComponent(uniqueEmail())}`);
      expect(unknownAnswer.statusCode).toBe(200);
      expect(unknownAnswer.json()).toMatchObject({ ok: true, exists: false });
      expect(unknownAnswer.json().message).toBeUndefined();
      const knownAnswer = await get(
        session,
        `checkEmail/email/${encodeURIComponent(known.email.toUpperCase())}`,
      );
      expect(knownAnswer.json()).toMatchObject({
        ok: true,
        exists: true,
        message: 'Ya existe un cliente registrado con esta dirección.',
      });
    });

    it('answers in the store language and refuses a malformed address with the spec message', async () => {
      const pt = await newSession(t.app, { store_id: '16' });
      const known = await createCustomer(t);
      expect((await get(pt, `checkEmail/email/${known.email}`)).json().message).toBe(
        'Já existe um cliente registado com este endereço.',
      );
      const bad = await get(await newSession(t.app), 'checkEmail/email/no-es-un-email');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ path: 'email', message: 'Por favor, introduce un email válido' }]);
      const long = await get(await newSession(t.app), `checkEmail/email/${'a'.repeat(300)}@example.com`);
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual([{ path: 'email', message: 'El texto es demasiado largo' }]);
      const normal = await get(
        await newSession(t.app),
        `checkEmail/email/${'a'.repeat(60)}@${'b'.repeat(60)}.example.com`,
      );
      expect(normal.json()).toMatchObject({ ok: true, exists: false });
      const huge = await get(await newSession(t.app), `checkEmail/email/${'a'.repeat(5000)}@example.com`);
      expect(huge.statusCode).toBeGreaterThanOrEqual(400);
      expect(huge.statusCode).toBeLessThan(500);
    });
  });

  describe('authenticate', () => {
    it('logs in under a new session id, keeps the cart, and the old cookie no longer works', async () => {
      const customer = await createCustomer(t);
      const session = await newSession(t.app);
      await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
      const before = session.cookie;
      const oldId = storedSessionIdOf(before);
      expect(oldId).not.toBeNull();
      const response = await authenticate(t.app, session, customer.email, customer.password, randomAddress());
      expect(response.statusCode).toBe(200);
      const { config } = response.json();
      expect(config).toMatchObject({
        loggedIn: true,
        customerEmail: customer.email,
        preferred_payment: 'cc',
      });
      expect(config.cart.items).toHaveLength(1);
      expect(session.cookie).not.toBe(before);
      const newId = storedSessionIdOf(session.cookie);
      expect(newId).not.toBe(oldId);
      const rows = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, oldId as string));
      expect(rows).toHaveLength(0);
      // The old cookie is a stranger now: an anonymous visitor with an empty cart.
      const stale = await t.app.inject({ url: `${API}/config`, headers: { cookie: before } });
      expect(stale.json().config).toMatchObject({ loggedIn: false, customerEmail: null });
      expect(stale.json().config.cart.items).toHaveLength(0);
    });

    it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
      const customer = await createCustomer(t);
      const session = await newSession(t.app);
      const wrong = await authenticate(t.app, session, customer.email, 'not the password', randomAddress());
      const unknown = await authenticate(t.app, session, uniqueEmail(), 'not the password', randomAddress());
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      // The same answer but for the request's own id (issue 19: every error answer carries one).
      const withoutId = ({ request_id, ...body }: { request_id?: string }) => {
        expect(request_id).toMatch(/^[0-9a-f-]{36}$/);
        return body;
      };
      expect(withoutId(wrong.json())).toEqual(withoutId(unknown.json()));
      expect(wrong.json().message).toBe('El email o la contraseña no son correctos.');
    });

    it('refuses a customer without a password like a wrong one', async () => {
      const customer = await createCustomer(t, { password: null });
      const response = await authenticate(
        t.app,
        await newSession(t.app),
        customer.email,
        'x',
        randomAddress(),
      );
      expect(response.statusCode).toBe(401);
    });

    it('gives the spec messages for a missing password and e-mail, and 400 for wrong types', async () => {
      const session = await newSession(t.app);
      const missing = await post(session, 'authenticate', { email: 'ana@example.com' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        { path: 'pass', message: 'Por favor, introduce tu contraseña' },
      ]);
      const noEmail = await post(session, 'authenticate', { email: '', pass: 'x' });
      expect(noEmail.json().errors).toEqual([{ path: 'email', message: 'Se requiere un email' }]);
      for (const payload of [
        { email: 1, pass: 2 },
        { email: ['a'], pass: {} },
        { email: 'a@b.es', pass: 'x'.repeat(70_000) },
      ]) {
        const response = await post(session, 'authenticate', payload);
        expect(response.statusCode).toBe(400);
      }
      const english = await newSession(t.app, { store_id: '18' });
      const en = await post(english, 'authenticate', { email: 'ana@example.com', pass: '' });
      expect(en.json().errors[0].message).not.toBe('Por favor, introduce tu contraseña');
    });

    it('needs the form key', async () => {
      const session = await newSession(t.app);
      const response = await send(t.app, session, {
        method: 'POST',
        url: `${API}/authenticate`,
        payload: { email: 'a@b.es', pass: 'x' },
        formKey: false,
      });
      expect(response.statusCode).toBe(403);
    });

    it('throttles an account after its failures, from any address, even with the right password', async () => {
      const customer = await createCustomer(t);
      const session = await newSession(t.app);
      for (let i = 0; i < 3; i++) {
        expect(
          (await authenticate(t.app, session, customer.email, 'wrong', randomAddress())).statusCode,
        ).toBe(401);
      }
      const blocked = await authenticate(t.app, session, customer.email, customer.password, randomAddress());
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Demasiados intentos/);
      expect(blocked.headers['retry-after']).toBe('900');
      // An unknown address is throttled the same way: the answer tells nothing about existence.
      const ghost = uniqueEmail();
      for (let i = 0; i < 3; i++) await authenticate(t.app, session, ghost, 'wrong', randomAddress());
      expect((await authenticate(t.app, session, ghost, 'wrong', randomAddress())).statusCode).toBe(429);
      // Another account is not affected.
      const other = await createCustomer(t);
      expect(
        (await authenticate(t.app, session, other.email, other.password, randomAddress())).statusCode,
      ).toBe(200);
    });

    it('throttles a client address after its failures over several accounts', async () => {
      const address = '203.0.113.77';
      const session = await newSession(t.app);
      for (let i = 0; i < 6; i++) {
        expect((await authenticate(t.app, session, uniqueEmail(), 'wrong', address)).statusCode).toBe(401);
      }
      const customer = await createCustomer(t);
      expect(
        (await authenticate(t.app, session, customer.email, customer.password, address)).statusCode,
      ).toBe(429);
      expect(
        (await authenticate(t.app, session, customer.email, customer.password, randomAddress())).statusCode,
      ).toBe(200);
    });

    it('counts concurrent failures all', async () => {
      const customer = await createCustomer(t);
      const session = await newSession(t.app);
      await Promise.all(
        Array.from({ length: 3 }, () =>
          authenticate(t.app, session, customer.email, 'wrong', randomAddress()),
        ),
      );
      const blocked = await authenticate(t.app, session, customer.email, customer.password, randomAddress());
      expect(blocked.statusCode).toBe(429);
    });

    it('stores argon2id hashes with at least 19 MiB', async () => {
      const customer = await createCustomer(t);
      const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=\d+,p=\d+\$/);
      const memory = Number(/m=(\d+)/.exec(row?.passwordHash ?? '')?.[1]);
      expect(memory).toBeGreaterThanOrEqual(19_456);
    });
  });

  it('forgets ended throttle counts and expired reset links in the cleanup pass', async () => {
    const customer = await createCustomer(t);
    const old = new Date(Date.now() - 3600_000);
    await t.database.db.insert(loginThrottle).values([
      { key: 'account:old@example.com', failures: 9, windowStartedAt: old, blockedUntil: old },
      { key: 'account:fresh@example.com', failures: 1, windowStartedAt: new Date() },
    ]);
    await t.database.db
      .insert(passwordResets)
      .values({ customerId: customer.id, tokenHash: `h-${customer.id}`, expiresAt: old });
    const report = await t.app.maintenance.run(new Date());
    expect(report.staleThrottles).toBeGreaterThanOrEqual(2);
    const keys = (await t.database.db.select().from(loginThrottle)).map((r) => r.key);
    expect(keys).not.toContain('account:old@example.com');
    expect(keys).toContain('account:fresh@example.com');
    expect(
      await t.database.db.select().from(passwordResets).where(eq(passwordResets.customerId, customer.id)),
    ).toHaveLength(0);
  });

  describe('logout', () => {
    it('ends the session and answers a new anonymous one', async () => {
      const { session } = await loggedInSession(t);
      const loggedInCookie = session.cookie;
      const response = await post(session, 'logout', {});
      expect(response.statusCode).toBe(200);
      expect(response.json().config).toMatchObject({
        loggedIn: false,
        customerEmail: null,
        preferred_payment: null,
      });
      expect(session.cookie).not.toBe(loggedInCookie);
      const stale = await t.app.inject({ url: `${API}/config`, headers: { cookie: loggedInCookie } });
      expect(stale.json().config.loggedIn).toBe(false);
      expect((await get(session, 'client')).statusCode).toBe(401);
    });
  });

  describe('password recovery', () => {
    async function lastResetLink(email: string): Promise<string> {
      const [mail] = await t.database.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.to, email))
        .orderBy(desc(mailMessages.id))
        .limit(1);
      const link = /https?:\/\/\S+\/app\/customer\/password\/([A-Za-z0-9_-]{43})\S*/.exec(mail?.text ?? '');
      if (!link?.[1]) throw new Error(`no reset link mailed to ${email}`);
      return link[1];
    }

    const remember = (session: TestSession, email: string, query = '') =>
      get(session, `rememberPassword/email/${encodeURIComponent(email)}/${query}`, true);

    it('answers the same for known and unknown addresses, and mails a link only to a customer', async () => {
      const customer = await createCustomer(t);
      const session = await newSession(t.app);
      const known = await remember(session, customer.email, '?path=/app/customer/authenticate');
      const unknownEmail = uniqueEmail();
      const unknown = await remember(session, unknownEmail);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json().message).toBe(unknown.json().message);
      const mails = await t.database.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.to, customer.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('?path=%2Fapp%2Fcustomer%2Fauthenticate');
      expect(mails[0]?.html).toContain('/app/customer/password/');
      expect(
        await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, unknownEmail)),
      ).toHaveLength(0);
      // Only the token's hash is kept.
      const token = await lastResetLink(customer.email);
      const stored = await t.database.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.customerId, customer.id));
      expect(stored[0]?.tokenHash).not.toContain(token);
    });

    it('needs the form key (it sends mail) and refuses a bad path', async () => {
      const session = await newSession(t.app);
      const forged = await get(session, `rememberPassword/email/${uniqueEmail()}`, false);
      expect(forged.statusCode).toBe(403);
      const badPath = await remember(session, uniqueEmail(), '?path=https://evil.example/');
      expect(badPath.statusCode).toBe(400);
    });

    it('sets a new password once, logs in, and ends the other sessions', async () => {
      const customer = await createCustomer(t);
      const other = await loggedInSessionOf(customer);
      const session = await newSession(t.app);
      await remember(session, customer.email);
      const token = await lastResetLink(customer.email);
      const short = await post(session, 'resetPassword', { token, pass: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual([{ path: 'pass', message: 'La contraseña es demasiado corta' }]);
      const done = await post(session, 'resetPassword', { token, pass: 'a brand new secret' });
      expect(done.statusCode).toBe(200);
      expect(done.json().config).toMatchObject({ loggedIn: true, customerEmail: customer.email });
      const again = await post(await newSession(t.app), 'resetPassword', {
        token,
        pass: 'another new secret',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0]).toMatchObject({ path: 'token' });
      expect(again.json().errors[0].message).toMatch(/no es válido o ha caducado/);
      // The session logged in before the reset is gone.
      const stale = await t.app.inject({ url: `${API}/config`, headers: { cookie: other.cookie } });
      expect(stale.json().config.loggedIn).toBe(false);
      const fresh = await newSession(t.app);
      expect(
        (await authenticate(t.app, fresh, customer.email, customer.password, randomAddress())).statusCode,
      ).toBe(401);
      expect(
        (await authenticate(t.app, fresh, customer.email, 'a brand new secret', randomAddress())).statusCode,
      ).toBe(200);
    });

    it('refuses an expired link and a made-up one', async () => {
      const customer = await createCustomer(t);
      const session = await newSession(t.app);
      await remember(session, customer.email);
      const token = await lastResetLink(customer.email);
      await t.database.db
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(and(eq(passwordResets.customerId, customer.id)));
      expect((await post(session, 'resetPassword', { token, pass: 'a brand new secret' })).statusCode).toBe(
        400,
      );
      const madeUp = await post(session, 'resetPassword', {
        token: 'A'.repeat(43),
        pass: 'a brand new secret',
      });
      expect(madeUp.statusCode).toBe(400);
      for (const token of [1, '', 'x'.repeat(70_000), null]) {
        expect((await post(session, 'resetPassword', { token, pass: 'a brand new secret' })).statusCode).toBe(
          400,
        );
      }
    });

    it('sends at most 3 links an hour to one customer', async () => {
      const customer = await createCustomer(t);
      const session = await newSession(t.app);
      for (let i = 0; i < 5; i++) expect((await remember(session, customer.email)).statusCode).toBe(200);
      const mails = await t.database.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.to, customer.email));
      expect(mails).toHaveLength(3);
    });

    async function loggedInSessionOf(customer: { email: string; password: string }) {
      const session = await newSession(t.app);
      const response = await authenticate(t.app, session, customer.email, customer.password, randomAddress());
      expect(response.statusCode).toBe(200);
      return session;
    }
  });

  describe('client', () => {
    const billing = {
      name: 'Ana Pérez García',
      tax_id: '12345678Z',
      address: 'Calle Mayor 1',
      city: 'Madrid',
      postcode: '28013',
      province: 'Madrid',
      email: 'facturas@example.com',
      phone: '+34 600 000 000',
    };

    it('needs a logged-in customer', async () => {
      const session = await newSession(t.app);
      expect((await get(session, 'client')).statusCode).toBe(401);
      expect((await post(session, 'clientupdate', { data: { firstname: 'Ana' } })).statusCode).toBe(401);
    });

    it('answers the client record with the card as the default preferred payment', async () => {
      const { session, customer } = await loggedInSession(t);
      const response = await get(session, 'client');
      expect(response.statusCode).toBe(200);
      const { client } = response.json();
      expect(client).toMatchObject({
        email: customer.email,
        billing: null,
        payment: { preferred_payment: 'cc', bank: null, paypal: null },
      });
      expect(client.regions.length).toBeGreaterThan(40);
    });

    it('saves names, billing data and the preferred payment', async () => {
      const { session } = await loggedInSession(t);
      const response = await post(session, 'clientupdate', {
        data: {
          firstname: 'Ana',
          lastname: 'Pérez',
          region_id: 28,
          billing,
          payment: { preferred_payment: 'bizum' },
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().client).toMatchObject({
        firstname: 'Ana',
        region_id: 28,
        billing,
        payment: { preferred_payment: 'bizum' },
      });
      expect(response.json().config.preferred_payment).toBe('bizum');
      expect((await get(session, 'client')).json().client.billing).toEqual(billing);
    });

    it('checks the tax id and postal code by the store country, with the spec messages', async () => {
      const { session } = await loggedInSession(t);
      const bad = await post(session, 'clientupdate', {
        data: { billing: { ...billing, tax_id: '12345678A', postcode: '99999' } },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual(
        expect.arrayContaining([
          { path: 'data.billing.tax_id', message: 'El número de identificación fiscal no es válido' },
          { path: 'data.billing.postcode', message: 'Introduce un código postal válido' },
        ]),
      );
      const blank = await post(session, 'clientupdate', {
        data: { billing: { ...billing, name: '', tax_id: '' } },
      });
      expect(blank.json().errors).toEqual(
        expect.arrayContaining([
          { path: 'data.billing.name', message: 'Introduzca el Nombre / Empresa' },
          { path: 'data.billing.tax_id', message: 'Introduzca el CIF' },
        ]),
      );
      const cif = await post(session, 'clientupdate', {
        data: { billing: { ...billing, tax_id: 'B12345674' } },
      });
      expect(cif.statusCode).toBe(200);

      const pt = await loggedInSession(t, { store_id: '16' });
      const spanishOnPt = await post(pt.session, 'clientupdate', { data: { billing } });
      expect(spanishOnPt.statusCode).toBe(400);
      expect(spanishOnPt.json().errors).toContainEqual({
        path: 'data.billing.tax_id',
        message: 'O número de identificação fiscal não é válido',
      });
      const portuguese = {
        ...billing,
        tax_id: '123456789',
        postcode: '1000-001',
        city: 'Lisboa',
        province: 'Lisboa',
      };
      expect((await post(pt.session, 'clientupdate', { data: { billing: portuguese } })).statusCode).toBe(
        200,
      );
    });

    it('refuses a method the store does not offer, an unknown region and wrong types', async () => {
      const { session } = await loggedInSession(t);
      const multibanco = await post(session, 'clientupdate', {
        data: { payment: { preferred_payment: 'multibanco' } },
      });
      expect(multibanco.statusCode).toBe(400);
      expect(multibanco.json().errors[0].path).toBe('data.payment.preferred_payment');
      expect((await post(session, 'clientupdate', { data: { region_id: 9999 } })).statusCode).toBe(400);
      for (const data of [
        null,
        'x',
        { billing: 'x' },
        { firstname: 'x'.repeat(70_000) },
        { payment: { preferred_payment: 7 } },
      ]) {
        const response = await post(session, 'clientupdate', { data });
        expect(response.statusCode).toBe(400);
      }
      expect((await post(session, 'clientupdate', {})).statusCode).toBe(400);
    });
  });
});
