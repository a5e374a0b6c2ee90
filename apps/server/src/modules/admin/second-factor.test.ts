import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorRecoveryCodes, operators } from '../../db/schema/index.ts';
import {
  type AdminClient,
  adminCookieOf,
  adminSend,
  insertOperator,
  TEST_OPERATOR_PASSWORD,
} from '../../testing/admin.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { LOGIN_MAX_PER_ACCOUNT } from './admin-session.service.ts';
import { totpOf } from './totp.ts';

describe.each(testDatabaseKinds())('two-step sign-in with TOTP (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The password step only: the client and where its session stands. */
  async function passwordStep(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/api/login',
      payload: { email, password: TEST_OPERATOR_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const client: AdminClient = {
      cookie: adminCookieOf(response) as string,
      csrf: body.csrf_token,
      email,
      role: body.operator.role,
    };
    return { client, state: body.second_factor as string };
  }
  const send = (client: AdminClient, url: string, payload?: object) =>
    adminSend(t.app, client, { method: payload ? 'POST' : 'GET', url: `/admin/api${url}`, payload });

  it('asks an admin without TOTP to enrol before anything else, then signs in with a code and a recovery code', async () => {
    const email = await insertOperator(t.app.db, 'admin');
    const { client, state } = await passwordStep(email);
    expect(state).toBe('enrol');
    // Nothing but the enrolment answers yet.
    expect((await send(client, '/orders')).statusCode).toBe(403);
    expect((await send(client, '/operators')).json().message).toBe(
      'Completa la verificación en dos pasos para continuar.',
    );
    expect((await send(client, '/session')).json().second_factor).toBe('enrol');

    const setup = await send(client, '/totp/setup', {});
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri: uri, qr_svg: qr } = setup.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qr).toContain('<svg');
    const totp = totpOf(secret, email);
    expect(
      (await send(client, '/totp/confirm', { code: '000000' === totp.generate() ? '111111' : '000000' }))
        .statusCode,
    ).toBe(400);
    const enrolCode = totp.generate();
    const confirm = await send(client, '/totp/confirm', { code: enrolCode });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect((await send(client, '/orders')).statusCode).toBe(200);

    // Stored encrypted and hashed: neither the secret nor a recovery code is in the database as such.
    const [row] = await t.app.db.select().from(operators).where(eq(operators.email, email));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);
    const stored = await t.app.db
      .select()
      .from(operatorRecoveryCodes)
      .where(eq(operatorRecoveryCodes.operatorId, row?.id ?? 0));
    expect(stored).toHaveLength(10);
    expect(stored.map((c) => c.codeHash)).not.toContain(codes[0]);
    // No answer gives the secret again: a second enrolment is refused.
    expect((await send(client, '/totp/setup', {})).statusCode).toBe(409);
    expect(JSON.stringify((await send(client, '/operators')).json())).not.toContain(secret);

    // Next log in: the password is not enough.
    const again = await passwordStep(email);
    expect(again.state).toBe('required');
    expect((await send(again.client, '/orders')).statusCode).toBe(403);
    // The code that confirmed the enrolment is not accepted a second time (same 30-second step).
    const replay = await send(again.client, '/login/code', { code: enrolCode });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('El código no es correcto o ya se ha usado.');
    // A recovery code works once.
    const recovered = await send(again.client, '/login/code', { code: (codes[0] as string).toUpperCase() });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().second_factor).toBe('done');
    expect((await send(again.client, '/orders')).statusCode).toBe(200);
    const third = await passwordStep(email);
    expect((await send(third.client, '/login/code', { code: codes[0] as string })).statusCode).toBe(400);
    // A fresh code of the next step signs in.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await send(third.client, '/login/code', { code: next })).statusCode).toBe(200);
  });

  it('lets an agent work without TOTP, and enrol if they wish', async () => {
    const email = await insertOperator(t.app.db, 'agent');
    const { client, state } = await passwordStep(email);
    expect(state).toBe('done');
    expect((await send(client, '/orders')).statusCode).toBe(200);
  });

  it('throttles code attempts: after the account limit, even the right code waits', async () => {
    const email = await insertOperator(t.app.db, 'admin');
    const { client } = await passwordStep(email);
    const { secret } = (await send(client, '/totp/setup', {})).json();
    const totp = totpOf(secret, email);
    expect((await send(client, '/totp/confirm', { code: totp.generate() })).statusCode).toBe(200);
    const { client: second } = await passwordStep(email);
    const wrong = totp.generate({ timestamp: Date.now() - 300_000 });
    for (let i = 0; i < LOGIN_MAX_PER_ACCOUNT; i += 1) {
      expect((await send(second, '/login/code', { code: wrong })).statusCode).toBe(400);
    }
    const right = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await send(second, '/login/code', { code: right })).statusCode).toBe(429);
  });
});
