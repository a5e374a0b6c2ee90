import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { newSession, testEnv } from '../testing/app.ts';
import { createTestDatabase, testDatabaseKinds } from '../testing/db.ts';

describe.each(testDatabaseKinds())('errors, limits and headers (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let limited: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({ database, env: testEnv() });
    // Routes that fail on purpose, registered like any API route.
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get('/desktopapp/rest/test-failure', async () => {
      throw new Error('connection to 10.0.0.7 refused: password for user shop');
    });
    api.get(
      '/desktopapp/rest/test-bad-response',
      { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
      async () => ({ ok: 'internal-state' }) as unknown as { ok: true },
    );
    await app.ready();
    limited = await buildApp({ database, env: testEnv({ RATE_LIMIT_MAX: '3' }) });
  });
  afterAll(async () => {
    await app?.close();
    await limited?.close();
    await database?.close();
  });

  it.each([
    ['GET', '/desktopapp/rest/does-not-exist'],
    ['POST', '/desktopapp/rest/does-not-exist'],
    ['DELETE', '/desktopapp/rest/config'],
    ['GET', '/no-such-page'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      ok: false,
      message: 'No encontrado.',
      errors: [],
      request_id: expect.any(String),
    });
  });

  it('answers the 404 in the language of ?store_id', async () => {
    const response = await app.inject({ url: '/desktopapp/rest/nothing?store_id=16' });
    expect(response.json().message).toBe('Não encontrado.');
  });

  it.each([
    ['/desktopapp/rest/test-failure', 'connection to 10.0.0.7'],
    ['/desktopapp/rest/test-bad-response', 'internal-state'],
  ])('%s: a 500 says nothing about the internals', async (url, secret) => {
    const session = await newSession(app, { store_id: '18' });
    const response = await app.inject({ url, headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      ok: false,
      message: 'Something bad happened; please try again later.',
      errors: [],
      request_id: expect.any(String),
    });
    expect(response.body).not.toContain(secret);
  });

  it('sends security headers; the CSP allows own scripts and the consented Google tag only', async () => {
    const response = await app.inject({ url: '/app/servicios' });
    const csp = String(response.headers['content-security-policy']);
    // The Google tag loads only after the visitor's consent (ADR 008).
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
    // Stripe's origins only where Stripe is configured (modules/payments/gateways.routes.test.ts).
    expect(csp).not.toContain('stripe');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('compresses JSON answers for clients that accept gzip', async () => {
    const response = await app.inject({
      url: '/desktopapp/rest/config',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString()).ok).toBe(true);
  });

  it('limits API and search calls per IP and minute, answering 429 in the store language', async () => {
    const session = await newSession(limited, { store_id: '16' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await limited.inject({ url: '/desktopapp/rest/config', headers: { cookie: session.cookie } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await limited.inject({
      url: '/desktopapp/rest/config',
      headers: { cookie: session.cookie },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      ok: false,
      message: 'Demasiados pedidos. Aguarde um momento e tente novamente.',
      errors: [],
      request_id: expect.any(String),
    });
    expect(refused.headers['retry-after']).toBeDefined();
    for (const url of [
      '/registros.php?term=madrid',
      '/freguesias.php?term=benfica',
      '/sociedad.php?sociedad=ejemplo',
      '/organizacoes.php?sociedad=exemplo',
    ]) {
      expect((await limited.inject({ url })).statusCode, url).toBe(429);
    }
  });

  it('does not limit the host page, static files and version.json', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await limited.inject({ url: '/version.json' })).statusCode).toBe(200);
      expect((await limited.inject({ url: '/assets/app-3f2a1b.js' })).statusCode).toBe(200);
    }
  });
});
