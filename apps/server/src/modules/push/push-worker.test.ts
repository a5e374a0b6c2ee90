import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildTestApp, newSession, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

const keys = webpush.generateVAPIDKeys();
const VAPID = {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: 'mailto:ops@example.com',
};

// Issue 20 item 10, the storefront half of Web Push (ADR 031): the public key in
// the runtime config and the service worker file, only while push is on.
describe.each(testDatabaseKinds())('web push for the storefront (%s)', (kind) => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([buildTestApp(kind, VAPID), buildTestApp(kind)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([on?.close(), off?.close()]);
  });

  it('push on: the config holds the VAPID public key and the worker is served as JavaScript', async () => {
    const session = await newSession(on.app);
    expect(session.config.vapid_public_key).toBe(keys.publicKey);
    const page = await on.app.inject({ url: '/app/customer/orders' });
    expect(page.body).toContain(`"vapid_public_key":"${keys.publicKey}"`);

    const worker = await on.app.inject({ url: '/app/push-worker.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['x-content-type-options']).toBe('nosniff');
    expect(worker.headers['cache-control']).toBe('no-cache');
    // Its scope is its folder (/app/): no wider scope is asked for.
    expect(worker.headers['service-worker-allowed']).toBeUndefined();
    expect(worker.body).toContain("addEventListener('push'");
    expect(worker.body).toContain("addEventListener('notificationclick'");
    expect(worker.body).toContain('showNotification');
    // The strict CSP still applies to the worker: scripts only from 'self'.
    expect(String(worker.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('push off: no key in the config and no worker (404, not the SPA page)', async () => {
    const session = await newSession(off.app);
    expect(session.config).not.toHaveProperty('vapid_public_key');
    const worker = await off.app.inject({ url: '/app/push-worker.js' });
    expect(worker.statusCode).toBe(404);
    expect(worker.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});
