import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RuntimeConfig } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, files, orders, quoteItems } from '../../db/schema/index.ts';
import { buildTestApp, newSession, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { genericForm, postCart } from '../../testing/cart.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { minimalPdf, multipart, type Part, tinyPng } from '../../testing/files.ts';
import { MAX_UPLOADS_PER_OWNER } from './files.service.ts';

/** Store 1 sells 18511 (permanent incapacity), whose options 2724 and 2727 are file options. */
const STORE = '1';
const RESOLUTION = '2724';
const REPORTS = '2727';

interface UploadAnswer {
  ok: boolean;
  message?: string;
  files: { id: number; name: string; size: number; content_type: string }[];
  config: RuntimeConfig;
  errors?: { path: string; message: string }[];
}

describe.each(testDatabaseKinds())('uploads and downloads (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shop-files-'));
    t = await buildTestApp(kind, { FILES_DIR: root });
  });
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  async function upload(session: TestSession, parts: Part[], query = '') {
    const { payload, contentType } = multipart(parts);
    const response = await send(t.app, session, {
      method: 'POST',
      url: `/desktopapp/rest/pushFilesToPedido/${query}`,
      headers: { 'content-type': contentType },
      payload,
    });
    return { status: response.statusCode, body: response.json() as UploadAnswer };
  }

  const pdf = (data = minimalPdf(), filename = 'Resolución INSS.pdf'): Part => ({
    name: 'files',
    filename,
    contentType: 'application/pdf',
    data,
  });
  const field = (name: string, value: string): Part => ({ name, value });

  /** Every stored byte file under FILES_DIR. */
  async function storedFiles(): Promise<string[]> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  }

  async function rowsOf(quoteId: number | null) {
    return quoteId === null ? [] : t.database.db.select().from(files).where(eq(files.quoteId, quoteId));
  }

  it('stores a PDF for the session’s quote, created on the first upload', async () => {
    const session = await newSession(t.app, { store_id: STORE });
    const data = minimalPdf();
    const { status, body } = await upload(session, [field('option_id', RESOLUTION), pdf(data)]);
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.files).toEqual([
      {
        id: expect.any(Number),
        name: 'Resolucion_INSS.pdf',
        size: data.length,
        content_type: 'application/pdf',
      },
    ]);
    const quoteId = body.config.cart.quote_id;
    expect(quoteId).not.toBeNull();
    const [row] = await rowsOf(quoteId);
    expect(row).toMatchObject({
      id: body.files[0]?.id,
      quoteId,
      orderId: null,
      optionId: 2724,
      quoteItemId: null,
      kind: 'upload',
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    expect(await readFile(path.join(root, row?.storageKey ?? ''))).toEqual(data);
  });

  it('stores a PNG and a PDF of one request for the quote named by order_id', async () => {
    const session = await newSession(t.app, { store_id: STORE });
    const first = await upload(session, [field('option_id', REPORTS), pdf()]);
    const quoteId = first.body.config.cart.quote_id;
    const { status, body } = await upload(
      session,
      [
        field('option_id', REPORTS),
        { name: 'files', filename: 'informe.png', contentType: 'image/png', data: tinyPng() },
        pdf(minimalPdf(), 'informe-2.pdf'),
      ],
      `?order_id=${quoteId}`,
    );
    expect(status).toBe(200);
    expect(body.files.map((f) => [f.name, f.content_type])).toEqual([
      ['informe.png', 'image/png'],
      ['informe-2.pdf', 'application/pdf'],
    ]);
    expect(await rowsOf(quoteId)).toHaveLength(3);
  });

  it.each([
    [
      'an HTML page named .pdf',
      [field('option_id', RESOLUTION), pdf(Buffer.from('<html><script>alert(1)</script></html>'), 'x.pdf')],
      415,
      'Solo se admiten archivos PDF, JPEG o PNG.',
    ],
    [
      'a file over 10 MB',
      [
        field('option_id', RESOLUTION),
        pdf(Buffer.concat([minimalPdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)])),
      ],
      413,
      'El archivo es demasiado grande: el máximo es de 10 MB por archivo.',
    ],
    [
      'a good file followed by one over 10 MB',
      [
        field('option_id', RESOLUTION),
        pdf(),
        pdf(Buffer.concat([minimalPdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]), 'big.pdf'),
      ],
      413,
      'El archivo es demasiado grande: el máximo es de 10 MB por archivo.',
    ],
    [
      'six files',
      [
        field('option_id', RESOLUTION),
        ...Array.from({ length: 6 }, (_, i) => pdf(minimalPdf(), `f${i}.pdf`)),
      ],
      413,
      'Puedes subir como máximo 5 archivos a la vez.',
    ],
  ])('refuses %s and keeps nothing', async (_name, parts, status, message) => {
    const session = await newSession(t.app, { store_id: STORE });
    const before = await storedFiles();
    const answer = await upload(session, parts);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ ok: false, message });
    const cart = (await newSessionCart(session)).quote_id;
    expect(await rowsOf(cart)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  async function newSessionCart(session: TestSession) {
    const response = await t.app.inject({
      url: '/desktopapp/rest/cart',
      headers: { cookie: session.cookie },
    });
    return (response.json() as { cart: { quote_id: number | null } }).cart;
  }

  it.each([
    ['no option_id', [pdf()], [{ path: 'option_id', message: 'Este campo es obligatorio' }]],
    [
      'an option that is not a file option',
      [field('option_id', '2721'), pdf()],
      [{ path: 'option_id', message: 'Elige una de las opciones disponibles' }],
    ],
    [
      'an item that is not in the quote',
      [field('option_id', RESOLUTION), field('item_id', '999999'), pdf()],
      [{ path: 'item_id', message: 'El identificador no es válido' }],
    ],
    ['no file', [field('option_id', RESOLUTION)], [{ path: 'files', message: 'Este campo es obligatorio' }]],
  ])('refuses an upload with %s (400)', async (_name, parts, errors) => {
    const session = await newSession(t.app, { store_id: STORE });
    const before = await storedFiles();
    const { status, body } = await upload(session, parts);
    expect(status).toBe(400);
    expect(body.errors).toEqual(errors);
    expect(await storedFiles()).toEqual(before);
  });

  it(`keeps at most ${MAX_UPLOADS_PER_OWNER} uploads per quote`, async () => {
    const session = await newSession(t.app, { store_id: STORE });
    const five = Array.from({ length: 5 }, (_, i) => pdf(minimalPdf(), `f${i}.pdf`));
    for (let call = 0; call < MAX_UPLOADS_PER_OWNER / 5; call++) {
      expect((await upload(session, [field('option_id', REPORTS), ...five])).status).toBe(200);
    }
    const { status, body } = await upload(session, [field('option_id', REPORTS), pdf()]);
    expect(status).toBe(413);
    expect(body.message).toBe('Este pedido ya tiene el máximo de 40 archivos.');
    expect(await rowsOf(body.config?.cart.quote_id ?? (await newSessionCart(session)).quote_id)).toHaveLength(
      MAX_UPLOADS_PER_OWNER,
    );
  });

  it('needs the form key', async () => {
    const session = await newSession(t.app, { store_id: STORE });
    const { payload, contentType } = multipart([field('option_id', RESOLUTION), pdf()]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/desktopapp/rest/pushFilesToPedido/',
      headers: { cookie: session.cookie, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses another session’s quote as order_id', async () => {
    const owner = await newSession(t.app, { store_id: STORE });
    const first = await upload(owner, [field('option_id', RESOLUTION), pdf()]);
    const stranger = await newSession(t.app, { store_id: STORE });
    const { status } = await upload(
      stranger,
      [field('option_id', RESOLUTION), pdf()],
      `?order_id=${first.body.config.cart.quote_id}`,
    );
    expect(status).toBe(404);
    expect(await rowsOf(first.body.config.cart.quote_id)).toHaveLength(1);
  });

  it('serves a file to its owner only, as an attachment of its sniffed type', async () => {
    const owner = await newSession(t.app, { store_id: STORE });
    const data = minimalPdf();
    const { body } = await upload(owner, [field('option_id', RESOLUTION), pdf(data)]);
    const id = body.files[0]?.id;
    const response = await t.app.inject({
      url: `/desktopapp/rest/file/${id}`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(data);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Resolucion_INSS.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");

    const stranger = await newSession(t.app, { store_id: STORE });
    const refused = await t.app.inject({
      url: `/desktopapp/rest/file/${id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);
    const missing = await t.app.inject({
      url: '/desktopapp/rest/file/999999',
      headers: { cookie: owner.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lets a generic item name the session’s uploads in its file options, and no one else’s', async () => {
    const session = await newSession(t.app, { store_id: STORE });
    const { body } = await upload(session, [field('option_id', RESOLUTION), pdf()]);
    const fileId = body.files[0]?.id ?? 0;
    const form = (value: string) =>
      genericForm(
        18511,
        [
          [2721, 'radio', '6722'],
          [2724, 'file', value],
        ],
        { confirm_values: [{ option_id: 2729, value: '600111222' }] },
      );
    const added = await postCart(t.app, session, 'addgeneric', {
      config: session.config,
      form: form(String(fileId)),
    });
    expect(added.status).toBe(200);
    expect(added.body.item.options).toContainEqual({
      option_id: 2724,
      value: String(fileId),
      option_value: null,
      print_value: 'Resolucion_INSS.pdf',
      label: 'Resolución del INSS (PDF)',
    });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
    expect(row?.quoteItemId).toBe(added.body.item.id);

    const stranger = await newSession(t.app, { store_id: STORE });
    await upload(stranger, [field('option_id', RESOLUTION), pdf()]);
    const refused = await postCart(t.app, stranger, 'addgeneric', {
      config: stranger.config,
      form: form(String(fileId)),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'form.values.1.value', message: 'El valor no es válido' }]);
  });

  it('takes uploads for an order of the session and its item (orders: later issue)', async () => {
    const session = await newSession(t.app, { store_id: STORE });
    const first = await upload(session, [field('option_id', RESOLUTION), pdf()]);
    const quoteId = first.body.config.cart.quote_id ?? 0;
    const [customer] = await t.database.db
      .insert(customers)
      .values({ storeId: 1, email: `files.${kind}@example.com` })
      .returning();
    const orderId = '100000777';
    await t.database.db.insert(orders).values({
      id: orderId,
      storeId: 1,
      quoteId,
      customerId: customer?.id ?? 0,
      totalCents: 14900,
      email: `files.${kind}@example.com`,
    });
    const { status, body } = await upload(
      session,
      [field('option_id', RESOLUTION), pdf()],
      `?order_id=${orderId}`,
    );
    expect(status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, body.files[0]?.id ?? 0));
    expect(row).toMatchObject({ orderId, quoteId: null });
    const download = await t.app.inject({
      url: `/desktopapp/rest/file/${row?.id}`,
      headers: { cookie: session.cookie },
    });
    expect(download.statusCode).toBe(200);

    const stranger = await newSession(t.app, { store_id: STORE });
    expect(
      (await upload(stranger, [field('option_id', RESOLUTION), pdf()], `?order_id=${orderId}`)).status,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/desktopapp/rest/file/${row?.id}`, headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);
    // quote_items is untouched by uploads.
    expect(await t.database.db.select().from(quoteItems).where(eq(quoteItems.quoteId, quoteId))).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('upload rate limit (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shop-files-'));
    t = await buildTestApp(kind, { FILES_DIR: root, RATE_LIMIT_MAX: '600' });
  });
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('answers 429 after 20 upload calls a minute from one address', async () => {
    const session = await newSession(t.app, { store_id: STORE });
    const statuses: number[] = [];
    for (let call = 0; call < 21; call++) {
      const { payload, contentType } = multipart([
        { name: 'option_id', value: REPORTS },
        { name: 'files', filename: 'a.pdf', contentType: 'application/pdf', data: minimalPdf() },
      ]);
      const response = await send(t.app, session, {
        method: 'POST',
        url: '/desktopapp/rest/pushFilesToPedido/',
        headers: { 'content-type': contentType },
        payload,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
