import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3.ts';
import { s3Storage } from './s3-storage.ts';
import { s3OptionsOf } from './storage.plugin.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const run = promisify(execFile);

describe('npm run files:to-s3', () => {
  let s3: TestS3Server;
  let filesDir: string;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    filesDir = await mkdtemp(path.join(tmpdir(), 'shop-files-'));
    await mkdir(path.join(filesDir, 'uploads/2026/11'), { recursive: true });
    await mkdir(path.join(filesDir, 'documents'), { recursive: true });
    await writeFile(path.join(filesDir, 'uploads/2026/11/a1b2'), 'upload bytes');
    await writeFile(path.join(filesDir, 'documents/inv-1'), '%PDF invoice');
    // What a crash mid-write leaves: not a storage key, not copied.
    await writeFile(path.join(filesDir, 'documents/inv-2.123.tmp'), 'half');
  });
  afterAll(async () => {
    await s3?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const copy = () =>
    run(process.execPath, ['scripts/files-to-s3.mjs'], {
      cwd: ROOT,
      env: { ...process.env, ...s3.env, FILES_DIR: filesDir, NODE_OPTIONS: '' },
    });

  it('copies every stored file under its key, and a second run copies nothing', async () => {
    const first = await copy();
    expect(first.stdout).toMatch(/Done: 2 copied, 0 already there, 1 ignored\./);
    const storage = s3Storage(s3OptionsOf(loadEnv(s3.env)) ?? (undefined as never));
    const read = async (key: string) => {
      const stream = await storage.get(key);
      return stream ? text(stream) : null;
    };
    expect(await read('uploads/2026/11/a1b2')).toBe('upload bytes');
    expect(await read('documents/inv-1')).toBe('%PDF invoice');

    await writeFile(path.join(filesDir, 'documents/inv-3'), 'new since');
    const second = await copy();
    expect(second.stdout).toMatch(/Done: 1 copied, 2 already there, 1 ignored\./);
    expect(await read('documents/inv-3')).toBe('new since');
    storage.client.destroy();
  }, 60_000);

  it('refuses to run without S3_BUCKET', async () => {
    await expect(
      run(process.execPath, ['scripts/files-to-s3.mjs'], {
        cwd: ROOT,
        env: { ...process.env, FILES_DIR: filesDir, S3_BUCKET: '', NODE_OPTIONS: '' },
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/set S3_BUCKET/) });
  }, 60_000);
});
