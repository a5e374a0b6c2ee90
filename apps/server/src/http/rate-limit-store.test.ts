import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app.ts';

/** These machines run Redis here for the tests (STACK.md 12). */
const REDIS_URL = 'redis://127.0.0.1:6379';
const LIMIT = 4;

/** An address no other test (nor another run) counts for. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('the rate limit across instances (REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  let alone: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMIT_MAX: String(LIMIT), REDIS_URL };
    [one, two, alone] = await Promise.all([
      buildTestApp('pglite', env),
      buildTestApp('pglite', env),
      buildTestApp('pglite', { RATE_LIMIT_MAX: String(LIMIT) }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close(), alone?.close()]);
  });

  const call = (t: TestApp, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/desktopapp/rest/config', remoteAddress }).then((r) => r.statusCode);

  it('counts requests spread over two instances against one limit', async () => {
    const address = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push(await call(i % 2 === 0 ? one : two, address));
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another client is counted on its own.
    expect(await call(two, someAddress())).toBe(200);
  });

  it('without REDIS_URL each process counts alone (what the shared store fixes)', async () => {
    const address = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push(await call(alone, address));
    statuses.push(await call(one, address));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  it('lets requests through when Redis does not answer', async () => {
    const broken = await buildTestApp('pglite', { RATE_LIMIT_MAX: '1', REDIS_URL: 'redis://127.0.0.1:9' });
    try {
      const address = someAddress();
      expect([await call(broken, address), await call(broken, address)]).toEqual([200, 200]);
    } finally {
      await broken.close();
    }
  }, 30_000);
});
