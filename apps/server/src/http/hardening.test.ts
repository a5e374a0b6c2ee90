import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { customers, files, quotes, sessions } from '../db/schema/index.ts';
import { MAX_CART_ITEMS } from '../modules/cart/cart.service.ts';
import { MAX_UPLOADS_PER_OWNER } from '../modules/files/files.service.ts';
import { buildTestApp, newSession, send, storedSessionIdOf, type TestApp, testEnv } from '../testing/app.ts';
import { deleteItem, genericForm, getCart, nsForm, postCart } from '../testing/cart.ts';
import { testDatabaseKinds } from '../testing/db.ts';
import { minimalPdf, multipart } from '../testing/files.ts';
import { serializeError } from './logging.ts';

/** One regression test per defect the hostile-input review found (issue 8, items 1-5). */
describe.each(testDatabaseKinds())('hardening (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shop-hardening-'));
    t = await buildTestApp(kind, {
      FILES_DIR: root,
      UPLOAD_QUOTA_SESSION_BYTES: '4000',
      UPLOAD_QUOTA_ADDRESS_BYTES: '9000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  describe('hostile strings and ids never reach the database (item 1)', () => {
    it.each([
      ['a NUL character', 'Calle\u0000Mayor'],
      ['a lone high surrogate', 'Calle \ud800'],
      ['a lone low surrogate', '\udc00 Calle'],
    ])('addns with %s in a field: 400 naming it, in the store language', async (_name, direccion) => {
      const session = await newSession(t.app, { store_id: '14' });
      const { status, body } = await postCart(t.app, session, 'addns', { form: nsForm({ direccion }) });
      expect(status).toBe(400);
      expect(body.errors).toEqual([
        { path: 'form.direccion', message: 'El texto contiene caracteres no válidos' },
      ]);
    });

    it('addgeneric with a NUL in a value, pushSubscribe with a lone surrogate: 400, in Portuguese on store 16', async () => {
      const session = await newSession(t.app, { store_id: '16' });
      const push = await send(t.app, session, {
        method: 'POST',
        url: '/desktopapp/rest/pushSubscribe',
        payload: { endpoint: 'https://push.example/1', keys: { p256dh: 'p\ud800', auth: 'a' } },
      });
      expect(push.statusCode).toBe(400);
      expect(push.json().errors).toEqual([
        { path: 'keys.p256dh', message: 'O texto contém caracteres inválidos' },
      ]);
      const generic = await postCart(t.app, session, 'addgeneric', {
        form: genericForm(18486, [[2801, 'field', 'Marca\u0000']]),
      });
      expect(generic.status).toBe(400);
    });

    it('a search term with a NUL: 400, not a 500', async () => {
      for (const url of ['/registros.php?app=1&term=ma%00d', '/sociedad.php?app=1&sociedad=a%00b']) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(400);
      }
    });

    it.each([
      ['GET', '/desktopapp/rest/file/2147483648'],
      ['GET', '/desktopapp/rest/file/999999999999999'],
      ['GET', '/desktopapp/rest/delquoteitem?id=2147483648'],
      ['POST', '/desktopapp/rest/updatequoteitem?id=99999999999'],
      ['GET', '/desktopapp/rest/product?id=2147483648'],
    ] as const)('%s %s: an id past the database columns is a 400', async (method, url) => {
      const session = await newSession(t.app);
      const response = await send(t.app, session, {
        method,
        url,
        ...(method === 'POST' ? { payload: { form: {} } } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'id', message: 'El identificador no es válido' }]);
    });

    it.each([
      [
        'no boundary',
        'multipart/form-data',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      ],
      [
        'a truncated part',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 abc',
      ],
      ['garbage', 'multipart/form-data; boundary=x', 'garbage'],
    ])('a malformed multipart body (%s) is a 400 and stores nothing', async (_name, contentType, payload) => {
      const session = await newSession(t.app, { store_id: '1' });
      const response = await send(t.app, session, {
        method: 'POST',
        url: '/desktopapp/rest/pushFilesToPedido/',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, message: 'La petición no es válida.' });
      expect(storedSessionIdOf(session.cookie)).toBeNull();
    });
  });

  it('a single-choice option given two values is refused (item 2)', async () => {
    const session = await newSession(t.app);
    const { status, body } = await postCart(t.app, session, 'addgeneric', {
      form: genericForm(18458, [
        [2301, 'drop_down', '6301'],
        [2302, 'radio', '6308'],
        [2303, 'municipio', 'Madrid'],
        [1655, 'radio', '4324,6310'],
      ]),
    });
    expect(status).toBe(400);
    expect(body.errors).toContainEqual({
      path: 'form.values.3.value',
      message: 'Elige una de las opciones disponibles',
    });
    expect((await getCart(t.app, session)).items).toEqual([]);
  });

  describe('bounded resources (item 4)', () => {
    const OPTION = '2724'; // 18511's file option on store 1.
    const pdfPart = (size = 0) => {
      const pdf = minimalPdf();
      return {
        name: 'files',
        filename: 'a.pdf',
        contentType: 'application/pdf',
        data: Buffer.concat([pdf, Buffer.alloc(size)]),
      };
    };
    const upload = (session: Awaited<ReturnType<typeof newSession>>, size = 0, address = '10.0.0.1') => {
      const { payload, contentType } = multipart([{ name: 'option_id', value: OPTION }, pdfPart(size)]);
      return send(t.app, session, {
        method: 'POST',
        url: '/desktopapp/rest/pushFilesToPedido/',
        headers: { 'content-type': contentType },
        payload,
        remoteAddress: address,
      });
    };

    it('caps what one session uploads, and what one address uploads in a day', async () => {
      const session = await newSession(t.app, { store_id: '1' });
      expect((await upload(session, 1500, '10.0.0.2')).statusCode).toBe(200);
      expect((await upload(session, 1500, '10.0.0.2')).statusCode).toBe(200);
      const refused = await upload(session, 1500, '10.0.0.2');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/límite de archivos/);
      // Another session, same address: the address's day quota (9,000 bytes here) holds across sessions.
      const other = await newSession(t.app, { store_id: '1' });
      expect((await upload(other, 2500, '10.0.0.2')).statusCode).toBe(200);
      expect((await upload(other, 1500, '10.0.0.2')).statusCode).toBe(429);
    });

    it(`counts the ${MAX_UPLOADS_PER_OWNER}-file cap inside the transaction: 12 concurrent uploads never pass it`, async () => {
      const session = await newSession(t.app, { store_id: '1' });
      const first = await upload(session, 0, '10.1.0.1');
      const quoteId = first.json().config.cart.quote_id as number;
      const sessionId = storedSessionIdOf(session.cookie);
      await t.database.db.insert(files).values(
        Array.from({ length: MAX_UPLOADS_PER_OWNER - 5 }, (_, i) => ({
          storageKey: `uploads/prefill-${kind}-${i}`,
          originalName: 'a.pdf',
          contentType: 'application/pdf',
          sizeBytes: 1,
          sha256: 'x',
          quoteId,
          sessionId,
          kind: 'upload' as const,
        })),
      );
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => upload(session, 0, `10.1.0.${i + 2}`)),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
      expect(results.filter((r) => r.statusCode === 413)).toHaveLength(8);
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(files)
        .where(eq(files.quoteId, quoteId));
      expect(row?.n).toBe(MAX_UPLOADS_PER_OWNER);
    });

    it(`caps a cart at ${MAX_CART_ITEMS} items with a 409 in the store language`, async () => {
      const session = await newSession(t.app);
      for (let i = 0; i < MAX_CART_ITEMS; i++) {
        const added = await postCart(t.app, session, 'addns', { form: nsForm({ direccion: `Calle ${i}` }) });
        expect(added.status).toBe(200);
      }
      const refused = await postCart(t.app, session, 'addns', { form: nsForm({ direccion: 'Calle 99' }) });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/máximo de 30 artículos/);
      expect((await getCart(t.app, session)).items).toHaveLength(MAX_CART_ITEMS);
    });

    it('removes ended sessions, unreferenced uploads (rows and bytes) and empty quotes in its cleanup pass', async () => {
      const session = await newSession(t.app, { store_id: '1' });
      const kept = await newSession(t.app, { store_id: '1' });
      expect((await upload(session, 0, '10.2.0.1')).statusCode).toBe(200);
      expect((await upload(kept, 0, '10.2.0.2')).statusCode).toBe(200);
      const staleId = storedSessionIdOf(session.cookie) ?? '';
      const day = 24 * 3600 * 1000;
      const old = new Date(Date.now() - 2 * day);
      await t.database.db.update(files).set({ createdAt: old }).where(eq(files.sessionId, staleId));
      await t.database.db.update(quotes).set({ updatedAt: old }).where(eq(quotes.sessionId, staleId));
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, staleId));
      const before = (await readdir(path.join(root, 'uploads'))).length;

      const report = await t.app.maintenance.run(new Date());
      expect(report.endedSessions).toBeGreaterThanOrEqual(1);
      expect(report.staleUploads).toBeGreaterThanOrEqual(1);
      expect(report.emptyQuotes).toBeGreaterThanOrEqual(1);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.id, staleId))).toEqual([]);
      expect(await t.database.db.select().from(quotes).where(eq(quotes.sessionId, staleId))).toEqual([]);
      expect((await readdir(path.join(root, 'uploads'))).length).toBeLessThan(before);
      // The fresh session, its quote and its upload stay.
      const keptId = storedSessionIdOf(kept.cookie) ?? '';
      expect(await t.database.db.select().from(files).where(eq(files.sessionId, keptId))).toHaveLength(1);
    });
  });

  describe('quieter, safer answers and logs (item 5)', () => {
    it('answers API calls and the host page with Cache-Control: private, no-store', async () => {
      for (const url of [
        '/desktopapp/rest/config',
        '/desktopapp/rest/cart',
        '/app/servicios',
        '/desktopapp/rest/nope',
      ]) {
        const response = await t.app.inject({ url });
        expect(response.headers['cache-control'], url).toBe('private, no-store');
      }
    });

    it('logs a database error with its code and constraint, never the values', async () => {
      let error: unknown;
      try {
        await t.database.db
          .insert(customers)
          .values({ storeId: 999_999, email: 'ana.perez@example.com', firstname: 'Ana 12345678Z' });
      } catch (err) {
        error = err;
      }
      const logged = JSON.stringify(serializeError(error));
      expect(logged).toContain('23503');
      expect(logged).toContain('customers_store_id_stores_id_fk');
      expect(logged).not.toContain('ana.perez@example.com');
      expect(logged).not.toContain('12345678Z');
      expect(logged).not.toContain('999999');
    });

    it('HEAD never runs a handler that changes data (delquoteitem)', async () => {
      const session = await newSession(t.app);
      const added = await postCart(t.app, session, 'addns', { form: nsForm() });
      const head = await send(t.app, session, {
        method: 'HEAD',
        url: `/desktopapp/rest/delquoteitem?id=${added.body.item.id}`,
      });
      expect(head.statusCode).toBe(404);
      expect((await getCart(t.app, session)).items).toHaveLength(1);
      expect((await deleteItem(t.app, session, added.body.item.id)).status).toBe(200);
    });

    it.each([
      ['/%ff', 'La petición no es válida.'],
      ['/desktopapp/rest/%ff?store_id=16', 'O pedido não é válido.'],
    ])('%s answers 400 in the shop’s format and language', async (url, message) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, message, errors: [], request_id: expect.any(String) });
    });

    it('does not reflect an unknown Host header in base_url; PUBLIC_BASE_URL wins', async () => {
      const spoofed = await t.app.inject({
        url: '/desktopapp/rest/config',
        headers: { host: 'evil.example' },
      });
      expect(spoofed.json().config.base_url).toBe('');
      const configured = await buildApp({
        database: t.database,
        env: testEnv({ PUBLIC_BASE_URL: 'https://tienda.example' }),
      });
      try {
        const answer = await configured.inject({
          url: '/desktopapp/rest/config',
          headers: { host: 'evil.example' },
        });
        expect(answer.json().config.base_url).toBe('https://tienda.example');
      } finally {
        await configured.close();
      }
    });
  });
});

describe('over a real socket (items 4 and 5)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    app = await buildApp({ database: t.database, env: testEnv({ IDLE_TIMEOUT_MS: '400' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('cuts a request whose body stalls', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise<number>((resolve) => {
      const started = Date.now();
      socket.once('close', () => resolve(Date.now() - started));
    });
    socket.write(
      'POST /desktopapp/rest/pushSubscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"endpoint":',
    );
    const after = await closed;
    expect(after).toBeLessThan(5000);
  });

  it('answers over-long headers with 431 in the shop’s error format', async () => {
    const body = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/desktopapp/rest/config',
          headers: { 'x-long': 'a'.repeat(20_000) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(body.status).toBe(431);
    expect(JSON.parse(body.text)).toEqual({
      ok: false,
      message: 'La petición no es válida.',
      errors: [],
      request_id: expect.any(String),
    });
  });
});
