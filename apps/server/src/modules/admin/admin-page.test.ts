import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';

describe('the back office page under /admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the admin entry's own HTML for /admin and its client routes, never cached", async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders/1400000001', '/admin/catalog/18464']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.body).toContain('admin-root');
      // No storefront session is started by the back office's page.
      expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('answers an unknown back-office API path with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/admin/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false });
  });
});
