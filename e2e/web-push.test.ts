import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { customers } from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { hashPassword } from '../apps/server/src/modules/customers/password.ts';
import { insertOrder } from '../apps/server/src/testing/orders.ts';
import { axeViolations } from './support/axe.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM } from './support/wizard-storage.ts';

// Issue 20 item 10 in Chromium at 360px against the real server with Web Push
// on (ADR 031): a customer with a paid Nota Simple presses "Avísame cuando esté
// listo" on customer/orders; the shop's service worker registers and the
// subscription reaches POST pushSubscribe. Headless Chromium has no push
// service to subscribe at, so PushManager.subscribe is stubbed in the page
// (an init script) with a subscription of the shape browsers give. (Without a
// real subscription Chromium drops a push sent through the DevTools protocol:
// the worker's push and click handlers are tested in
// apps/server/src/modules/push/push-worker-script.test.ts.)

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-push-'));
const EMAIL = 'push@example.es';
const PASSWORD = 'correct horse battery';
const keys = webpush.generateVAPIDKeys();
const SUBSCRIPTION = {
  endpoint: 'https://push.example.test/send/e2e-1',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};
let orderId = '';

beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database);
    await seed(database.db);
    await database.db
      .insert(customers)
      .values({ storeId: 14, email: EMAIL, passwordHash: await hashPassword(PASSWORD) });
    orderId = (await insertOrder(database.db, { email: EMAIL, productId: 15867, form: NS_FORM })).id;
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const shop = useShopPage({
  env: () => ({
    DATA_DIR: dataDir,
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:ops@example.com',
  }),
  prepare: async (page, origin) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.context().grantPermissions(['notifications'], { origin });
    await page.addInitScript((subscription) => {
      const calls: unknown[] = [];
      Object.assign(window, { __subscribeCalls: calls });
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey;
        calls.push({
          userVisibleOnly: options?.userVisibleOnly,
          keyLength: key instanceof Uint8Array ? key.length : null,
        });
        return { endpoint: subscription.endpoint, toJSON: () => subscription } as unknown as PushSubscription;
      };
    }, SUBSCRIPTION);
  },
});

describe('"Avísame cuando esté listo" (Chromium, 360px, real server, Web Push on)', () => {
  it('registers the worker and sends the subscription to pushSubscribe; axe 0, 360px', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/customer/authenticate?store_id=14`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(EMAIL);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await page.goto(`${origin}/app/customer/orders`);
    const card = page.getByRole('article', { name: `Pedido ${orderId}` });
    const button = card.getByRole('button', { name: 'Avísame cuando esté listo' });
    await button.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const sent = page.waitForRequest((r) => r.url().includes('/desktopapp/rest/pushSubscribe'));
    const answered = page.waitForResponse((r) => r.url().includes('/desktopapp/rest/pushSubscribe'));
    await button.click();
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual(SUBSCRIPTION);
    expect((await answered).status()).toBe(200);
    await expect
      .poll(() => card.getByRole('status').textContent())
      .toBe('Te avisaremos en este navegador cuando tu pedido esté listo.');
    expect(
      await page.evaluate(() => (window as unknown as { __subscribeCalls: unknown[] }).__subscribeCalls),
    ).toEqual([{ userVisibleOnly: true, keyLength: 65 }]);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/app/');
      return { scope: registration?.scope, script: registration?.active?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${origin}/app/`, script: `${origin}/app/push-worker.js` });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }, 300_000);
});
