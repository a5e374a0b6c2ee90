import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { loadEnv } from '../../env.ts';
import { buildTestApp, newSession, send, type TestApp } from '../../testing/app.ts';
import { minimalPdf, multipart } from '../../testing/files.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3.ts';
import { s3Storage } from './s3-storage.ts';
import { s3OptionsOf, storageFromEnv } from './storage.plugin.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3?.close());

const optionsOf = (prefix = '') => {
  const options = s3OptionsOf(loadEnv({ ...s3.env, S3_PREFIX: prefix }));
  if (!options) throw new Error('S3_BUCKET not read');
  return options;
};

describe('s3Storage against a local S3-compatible server', () => {
  it('stores, reads back and deletes; a missing key reads as null', async () => {
    const storage = s3Storage(optionsOf());
    const data = Buffer.from('%PDF-1.4 hola');
    await storage.put('uploads/2026/abc', data);
    const stream = await storage.get('uploads/2026/abc');
    expect(stream && (await text(stream))).toBe(data.toString());
    await storage.delete('uploads/2026/abc');
    expect(await storage.get('uploads/2026/abc')).toBeNull();
    expect(await storage.get('uploads/never-written')).toBeNull();
    // Deleting what is gone is fine (the clean-up may run twice).
    await storage.delete('uploads/2026/abc');
    expect(await storage.freeBytes()).toBeNull();
    storage.client.destroy();
  });

  it('puts every object under S3_PREFIX', async () => {
    const storage = s3Storage(optionsOf('shop-a/'));
    await storage.put('results/x1', Buffer.from('r'));
    const head = await storage.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: 'shop-a/results/x1' }),
    );
    expect(head.ContentLength).toBe(1);
    storage.client.destroy();
  });

  it.each(['../outside', '/abs', 'a/../../b', 'UPPER'])('refuses unsafe key %s', async (key) => {
    const storage = s3Storage(optionsOf());
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe/);
    storage.client.destroy();
  });

  it('fails loudly when the bucket does not exist (no silent local fallback)', async () => {
    const storage = s3Storage({ ...optionsOf(), bucket: 'no-such-bucket' });
    await expect(storage.put('uploads/x', Buffer.from('x'))).rejects.toThrow();
    storage.client.destroy();
  });

  it('is chosen by S3_BUCKET; one key without the other is refused', async () => {
    expect(await storageFromEnv(loadEnv({ DATA_DIR: '/tmp/x' }))).not.toHaveProperty('client');
    const chosen = await storageFromEnv(loadEnv(s3.env));
    expect(chosen).toHaveProperty('client');
    chosen.close?.();
    expect(() => s3OptionsOf(loadEnv({ S3_BUCKET: 'b-1', AWS_ACCESS_KEY_ID: 'k' }))).toThrow(
      /AWS_SECRET_ACCESS_KEY/,
    );
    expect(() => loadEnv({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
  });
});

describe('the app with S3_BUCKET set', () => {
  let t: TestApp;
  let filesDir: string;
  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'shop-files-'));
    t = await buildTestApp('pglite', { ...s3.env, FILES_DIR: filesDir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('keeps an upload in the bucket, not on disk, and serves it back from there', async () => {
    const session = await newSession(t.app, { store_id: '1' });
    const data = minimalPdf();
    const { payload, contentType } = multipart([
      { name: 'option_id', value: '2724' },
      { name: 'files', filename: 'resolucion.pdf', contentType: 'application/pdf', data },
    ]);
    const uploaded = await send(t.app, session, {
      method: 'POST',
      url: '/desktopapp/rest/pushFilesToPedido/',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const id = (uploaded.json() as { files: { id: number }[] }).files[0]?.id ?? 0;
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    expect(row).toBeDefined();
    const head = await t.app.storage
      .get(row?.storageKey ?? '')
      .then((stream) => (stream ? text(stream) : null));
    expect(head).toBe(data.toString());
    expect(await readdir(filesDir, { recursive: true })).toEqual([]);

    const download = await send(t.app, session, { method: 'GET', url: `/desktopapp/rest/file/${id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(data);
  });
});
