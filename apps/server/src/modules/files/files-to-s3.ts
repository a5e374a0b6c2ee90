import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey } from './storage.ts';

export interface CopyReport {
  copied: number;
  /** Already in the bucket with the same size: left alone (a second run copies nothing). */
  skipped: number;
  /** Files under the folder that are not storage keys (a crashed write's `.tmp`, stray files). */
  ignored: string[];
}

interface Target {
  client: S3Client;
  bucket: string;
  prefix: string;
  put(key: string, data: Buffer): Promise<void>;
}

async function sizeInBucket(target: Target, key: string): Promise<number | null> {
  try {
    const head = await target.client.send(
      new HeadObjectCommand({ Bucket: target.bucket, Key: `${target.prefix}${key}` }),
    );
    return head.ContentLength ?? null;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw err;
  }
}

/**
 * Copies every stored file under `root` (FILES_DIR) into the bucket under the
 * same key, so the rows in `files` find them once S3_BUCKET is set. Files
 * already there with the same size are skipped: running it again (after an
 * interruption, or a last time just before switching) copies only what is new.
 * The local files are left in place.
 */
export async function copyFilesToBucket(
  root: string,
  target: Target,
  log: (line: string) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, ignored: [] };
  let entries: string[];
  try {
    entries = (await readdir(root, { recursive: true })).map(String);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return report;
    throw err;
  }
  for (const relative of entries.sort()) {
    const full = path.join(root, relative);
    const info = await stat(full);
    if (!info.isFile()) continue;
    const key = relative.split(path.sep).join('/');
    try {
      assertSafeKey(key);
    } catch {
      report.ignored.push(key);
      continue;
    }
    if ((await sizeInBucket(target, key)) === info.size) {
      report.skipped++;
      continue;
    }
    await target.put(key, await readFile(full));
    report.copied++;
    log(`copied ${key} (${info.size} bytes)`);
  }
  return report;
}
