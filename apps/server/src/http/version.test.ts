import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { testDatabaseKinds } from '../testing/db.ts';

describe.each(testDatabaseKinds())('GET version.json (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  it.each(['/version.json', '/version.json?t=1732183200000'])(
    '%s answers spec 9 version, never cached',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ version: '5.48.11' });
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );
});
