import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, type TestApp, testEnv } from '../testing/app.ts';

/** `frame-ancestors` of a CSP header, or undefined. */
const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]+)/.exec(String(csp ?? ''))?.[1]?.trim();
const directive = (csp: unknown, name: string) =>
  new RegExp(`(?:^|;)\\s*${name} ([^;]+)`).exec(String(csp ?? ''))?.[1]?.trim();

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { ANALYTICS_ID: 'G-ABC123XYZ' });
  });
  afterAll(() => t?.close());

  it("the back office's pages allow scripts and connections from 'self' only, and no framing", async () => {
    for (const url of ['/admin', '/admin/orders/1400000001']) {
      const answer = await t.app.inject({ url });
      const csp = answer.headers['content-security-policy'];
      expect(directive(csp, 'script-src')).toBe("'self'");
      expect(directive(csp, 'connect-src')).toBe("'self'");
      expect(String(csp)).not.toContain('googletagmanager');
      expect(String(csp)).not.toContain('google-analytics');
      expect(frameAncestors(csp)).toBe("'none'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('X-Frame-Options and frame-ancestors agree on every kind of answer', async () => {
    const agree: Record<string, string> = { DENY: "'none'", SAMEORIGIN: "'self'" };
    for (const url of [
      '/app/servicios',
      '/admin',
      '/desktopapp/rest/config',
      '/healthz',
      '/no-such-page',
      '/robots.txt',
    ]) {
      const answer = await t.app.inject({ url });
      const xfo = String(answer.headers['x-frame-options'] ?? '');
      const ancestors = frameAncestors(answer.headers['content-security-policy']);
      expect(xfo, url).not.toBe('');
      if (ancestors !== undefined) expect(ancestors, url).toBe(agree[xfo]);
    }
  });
});

/** Sends `head` now, then one more byte every `everyMs` (under the idle timeout); resolves with what came back and when. */
function trickle(port: number, head: string, drip: string, everyMs: number, capMs: number) {
  return new Promise<{ answer: string; afterMs: number }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < drip.length && socket.writable) socket.write(drip[sent++] ?? '');
    }, everyMs);
    const done = () => {
      clearInterval(timer);
      clearTimeout(cap);
      socket.destroy();
      resolve({ answer, afterMs: Date.now() - started });
    };
    const cap = setTimeout(done, capMs);
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', done);
    socket.on('error', done);
    socket.write(head);
  });
}

describe('REQUEST_TIMEOUT_MS below 60 s', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    app = await buildApp({
      database: t.database,
      env: testEnv({ REQUEST_TIMEOUT_MS: '1500', IDLE_TIMEOUT_MS: '10000' }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('cuts a request whose headers never end (slowloris) after about REQUEST_TIMEOUT_MS, not 60 s', async () => {
    const { answer, afterMs } = await trickle(
      port,
      'GET /healthz HTTP/1.1\r\nHost: x\r\n',
      'X-Slow: '.padEnd(200, 'a'),
      200,
      15_000,
    );
    expect(afterMs).toBeLessThan(6_000);
    expect(afterMs).toBeGreaterThanOrEqual(1_400);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('cuts a body that keeps trickling after about REQUEST_TIMEOUT_MS', async () => {
    const { afterMs } = await trickle(
      port,
      'POST /desktopapp/rest/cart HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n',
      '{'.padEnd(500, ' '),
      200,
      15_000,
    );
    expect(afterMs).toBeLessThan(6_000);
    expect(afterMs).toBeGreaterThanOrEqual(1_400);
  }, 20_000);
});
