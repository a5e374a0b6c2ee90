import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { type AdminClient, adminLogin, insertOperator } from '../testing/admin.ts';
import { newSession, type TestSession, testEnv } from '../testing/app.ts';
import {
  certificateForm,
  energyValues,
  genericForm,
  ipredialForm,
  nsForm,
  postCart,
  qpForm,
} from '../testing/cart.ts';
import { createTestDatabase, testDatabaseKinds } from '../testing/db.ts';
import { type FuzzRoute, fuzzRoutes, requestArbitrary } from '../testing/fuzz/requests.ts';
import { insertOrder } from '../testing/orders.ts';
import { paypalEnv } from '../testing/paypal-fake.ts';

/** Cases per route and database kind; FUZZ_RUNS raises it (npm run fuzz). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Valid bodies the fuzzer mutates one field at a time, so hostile values reach the deep paths. */
const EXAMPLES: Record<string, unknown[]> = {
  '/desktopapp/rest/addns': [{ form: nsForm() }],
  '/desktopapp/rest/addqp': [{ form: qpForm() }],
  '/desktopapp/rest/addcertidao': [{ form: certificateForm() }],
  '/desktopapp/rest/addipredial': [{ form: ipredialForm() }],
  '/desktopapp/rest/addgeneric': [{ form: genericForm(18464, energyValues()) }],
  '/desktopapp/rest/addgenericWithAssociation': [
    { form: genericForm(18464, energyValues(), { origin: 'ns', origin_id: '77' }) },
  ],
  '/desktopapp/rest/updatequoteitem': [{ form: nsForm({ direccion: 'Calle Sol 3' }) }],
  '/desktopapp/rest/pushSubscribe': [
    { endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } },
  ],
  '/admin/api/login': [{ email: 'someone@backoffice.test', password: 'a wrong password' }],
  '/admin/api/operators': [
    { email: 'fuzzed@backoffice.test', name: 'Fuzz', role: 'agent', password: 'a long enough password' },
  ],
  '/admin/api/operators/:id': [{ role: 'agent', disabled: false, name: 'Renamed' }],
  '/admin/api/orders/:id/transition': [{ to: 'in_progress' }, { to: 'incident', message: 'Falta un dato.' }],
  '/admin/api/orders/:id/credit-note': [{ reason: 'Reembolso al cliente.' }],
  '/desktopapp/rest/uploadForm': [
    { json_form: '{}', json_values: JSON.stringify([{ option_id: 990001, value: 'Respuesta' }]) },
  ],
  '/admin/api/catalog/:id': [{ base_version: 1, definition: { product_id: 18464, name: 'X', price: 100 } }],
  '/admin/api/orders/:id/items/:itemId/located': [
    { properties: [{ titular: 'Ana', municipio: 'Madrid', registro: 'Madrid nº 2', finca: '4521' }] },
    { properties: [] },
  ],
};

const isAdminRoute = (url: string) => url.startsWith('/admin/api');

/**
 * Every route, driven from its own zod schemas plus hostile input (NUL, lone
 * surrogates, huge strings, wrong types, deep nesting, prototype keys,
 * out-of-range numbers, malformed multipart, forged requests): never a 5xx.
 */
describe.each(testDatabaseKinds())('fuzz: no 5xx on any route (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let root: string;
  const routes: RouteOptions[] = [];
  let session: TestSession;
  // The back office's routes are driven signed in, as an admin or an agent (with or without the CSRF token).
  const operators: Record<'admin' | 'agent', AdminClient | null> = { admin: null, agent: null };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shop-fuzz-'));
    database = await createTestDatabase(kind);
    app = await buildApp({
      database,
      // The real gateways too, so their signature checks meet hostile bodies (Stripe is never reached).
      env: testEnv({
        FILES_DIR: root,
        STRIPE_SECRET_KEY: 'sk_test_fuzz',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fuzz',
        STRIPE_WEBHOOK_SECRET: 'whsec_fuzz',
        STRIPE_API_URL: 'http://127.0.0.1:9',
        REDSYS_MERCHANT_CODE: '999008881',
        REDSYS_SECRET_KEY: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
        MONEI_API_KEY: 'pk_test_fuzz',
        MONEI_API_URL: 'http://127.0.0.1:9/v1',
        ...paypalEnv('http://127.0.0.1:9', { PAYMENT_GATEWAYS: '' }),
      }),
      onRoute: (route) => routes.push(route),
    });
    await app.ready();
    // A session with items, so ids the fuzzer names sometimes exist.
    session = await newSession(app);
    await postCart(app, session, 'addns', { form: nsForm() });
    await postCart(app, session, 'addqp', { form: qpForm() });
    for (const role of ['admin', 'agent'] as const) {
      operators[role] = await adminLogin(app, await insertOperator(app.db, role));
    }
    await insertOrder(app.db);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('registered every route the fuzzer drives', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const url of Object.keys(EXAMPLES)) expect(urls.has(url), url).toBe(true);
    expect(urls.has('/desktopapp/rest/pushFilesToPedido')).toBe(true);
    expect(urls.has('/admin/api/orders')).toBe(true);
  });

  it('answers every hostile request below 500', async () => {
    const failures: string[] = [];
    for (const route of fuzzRoutes(routes)) {
      await fc
        .assert(
          // A new visitor most of the time (an empty cart: adds reach the database), else the session with items.
          fc.asyncProperty(
            requestArbitrary(route as FuzzRoute, EXAMPLES[route.url]),
            fc.boolean(),
            async (request, fresh) => {
              const role = fresh ? 'agent' : 'admin';
              const operator = operators[role];
              const visitor = isAdminRoute(route.url) ? null : fresh ? await newSession(app) : session;
              const credentials =
                visitor === null
                  ? {
                      cookie: operator?.cookie ?? '',
                      ...(request.withFormKey ? { 'x-admin-csrf': operator?.csrf ?? '' } : {}),
                    }
                  : {
                      cookie: visitor.cookie,
                      ...(request.withFormKey ? { 'x-form-key': visitor.formKey } : {}),
                    };
              const response = await app.inject({
                method: request.method as never,
                url: request.url,
                headers: { ...credentials, ...request.headers },
                ...(request.payload !== undefined ? { payload: request.payload } : {}),
              });
              // A fuzzed log out, disable or role change ends the operator's session: sign in again.
              if (
                operator &&
                isAdminRoute(route.url) &&
                response.statusCode < 400 &&
                request.method !== 'GET'
              ) {
                const check = await app.inject({
                  url: '/admin/api/session',
                  headers: { cookie: operator.cookie },
                });
                if (check.statusCode === 401) {
                  await app.db.execute(
                    sql`update operators set disabled_at = null, role = ${role} where email = ${operator.email}`,
                  );
                  operators[role] = await adminLogin(app, operator.email);
                }
              }
              if (response.statusCode >= 500) {
                failures.push(`${request.method} ${request.url} -> ${response.statusCode}`);
                return false;
              }
              return true;
            },
          ),
          { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
        )
        .catch((error: Error) =>
          failures.push(`${route.method} ${route.url}: ${error.message.split('\n').slice(0, 6).join(' | ')}`),
        );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
