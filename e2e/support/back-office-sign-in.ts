import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Signing in to the back office as an operator does, TOTP included (admins must
// enrol before anything else): the codes computed with the same library
// (otpauth, RFC 6238) as an authenticator app would. The secrets the tests
// enrolled are kept here by e-mail for the next log in of the same test file.

const PERIOD = 30;
/** Log ins hash with argon2id: on a busy machine a step takes seconds. */
export const SLOW = { timeout: 20_000 };
const enrolled = new Map<string, { secret: string; recoveryCodes: string[]; lastStep: number }>();

/** The TOTP an authenticator app builds from the secret the enrolment showed (issuer and label do not change the codes). */
export function totpFor(secret: string): TOTP {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** The recovery codes the enrolment of a test operator showed. */
export function recoveryCodesOf(email: string): string[] {
  return enrolled.get(email)?.recoveryCodes ?? [];
}

/**
 * A code of a step not used yet (the server accepts each code once): waits for
 * the next 30-second step when this one was already used.
 */
async function freshCode(email: string): Promise<string> {
  const entry = enrolled.get(email);
  if (!entry) throw new Error(`${email} has no TOTP enrolled by this test file`);
  let step = Math.floor(Date.now() / 1000 / PERIOD);
  if (step <= entry.lastStep) {
    await new Promise((resolve) =>
      setTimeout(resolve, (entry.lastStep + 1) * PERIOD * 1000 - Date.now() + 200),
    );
    step = Math.floor(Date.now() / 1000 / PERIOD);
  }
  entry.lastStep = step;
  return totpFor(entry.secret).generate({ timestamp: step * PERIOD * 1000 + 1000 });
}

/** Reads the enrolment screen's key, confirms with a code, keeps the recovery codes, goes on. */
async function enrolOnPage(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
  const key = page.getByTestId('totp-secret');
  await key.waitFor();
  const secret = (await key.textContent())?.trim() ?? '';
  enrolled.set(email, { secret, recoveryCodes: [], lastStep: 0 });
  await page.getByLabel('Código de la aplicación').fill(await freshCode(email));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const list = page.getByRole('list', { name: 'Códigos de recuperación' });
  await list.waitFor();
  const codes = (await list.locator('li').allTextContents()).map((c) => c.trim());
  enrolled.set(email, {
    ...(enrolled.get(email) as { secret: string; lastStep: number }),
    recoveryCodes: codes,
  });
  await page.getByRole('button', { name: 'He guardado los códigos' }).click();
}

/**
 * On the back office's log in screen (already open): e-mail and password, then
 * the enrolment (an admin's first log in) or the code (an enrolled operator).
 */
export async function signInToBackOffice(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const h1 = page.getByRole('heading', { level: 1 });
  await expect
    .poll(async () => (await h1.count()) > 0 && (await h1.first().textContent()) !== 'Back office', SLOW)
    .toBe(true);
  if ((await h1.first().textContent()) !== 'Verificación en dos pasos') return;
  if ((await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).count()) > 0) {
    await enrolOnPage(page, email);
  } else {
    await page.getByLabel('Código de verificación').fill(await freshCode(email));
    await page.getByRole('button', { name: 'Verificar' }).click();
  }
  await expect.poll(async () => h1.first().textContent(), SLOW).not.toBe('Verificación en dos pasos');
}

/** The same by the API (fetch), as the SPA would: the cookie and CSRF token of a fully signed-in session. */
export async function signInByApi(origin: string, email: string, password: string) {
  const api = `${origin}/admin/api`;
  const login = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`log in answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('admin=') || c.startsWith('__Host-admin='))
    ?.split(';')[0] as string;
  const body = (await login.json()) as { csrf_token: string; second_factor: string };
  const post = (path: string, payload: object = {}) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { cookie, 'x-admin-csrf': body.csrf_token, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  if (body.second_factor === 'enrol') {
    const { secret } = (await (await post('/totp/setup')).json()) as { secret: string };
    enrolled.set(email, { secret, recoveryCodes: [], lastStep: 0 });
    const confirm = await post('/totp/confirm', { code: await freshCode(email) });
    if (confirm.status !== 200) throw new Error(`enrolment answered ${confirm.status}`);
    const { recovery_codes } = (await confirm.json()) as { recovery_codes: string[] };
    enrolled.set(email, {
      ...(enrolled.get(email) as { secret: string; lastStep: number }),
      recoveryCodes: recovery_codes,
    });
  } else if (body.second_factor === 'required') {
    const answer = await post('/login/code', { code: await freshCode(email) });
    if (answer.status !== 200) throw new Error(`code answered ${answer.status}`);
  }
  return { cookie, csrf: body.csrf_token };
}
