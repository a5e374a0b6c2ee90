import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible service's URL (MinIO, Ceph, a provider's endpoint); unset = AWS S3 in `region`. */
  endpoint?: string;
  region: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted stores need it). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (instance or task role, shared config files). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Prefix of every object name (one bucket shared by several shops); '' or ending in '/'. */
  prefix?: string;
}

/** The SDK's "object absent" answers: NoSuchKey on GET, a bare 404 from some S3-compatible stores. */
function isMissing(err: unknown): boolean {
  if (err instanceof NoSuchKey) return true;
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * File bytes in an S3 bucket (AWS S3 or any S3-compatible store), through the
 * official SDK (@aws-sdk/client-s3, ADR 022). Every instance of the shop sees
 * the same files, so a mail job on one instance attaches what another stored.
 */
export function s3Storage(
  options: S3StorageOptions,
  client = createS3Client(options),
): FileStorage & {
  readonly client: S3Client;
} {
  const prefix = options.prefix ?? '';
  const name = (key: string) => `${prefix}${assertSafeKey(key)}`;
  return {
    client,
    async put(key, data) {
      // One whole buffer per object: a PUT is atomic in S3, a reader never sees half of it.
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: name(key),
          Body: data,
          ContentLength: data.length,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: name(key) }));
        // In Node the body is the response's IncomingMessage (a Readable).
        return (answer.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that does not exist: deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: name(key) }));
    },
    async freeBytes() {
      // A bucket has no disk to fill: the upload reserve does not apply.
      return null;
    },
  };
}

/**
 * The S3 client. Checksums only where the operation requires them: the SDK's
 * default (a CRC32 on every upload, sent as an aws-chunked trailer on streams)
 * is not understood by every S3-compatible store, and the bodies we send are
 * whole buffers whose integrity TLS and Content-Length already guard.
 */
export function createS3Client(options: S3StorageOptions): S3Client {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.credentials) config.credentials = options.credentials;
  return new S3Client(config);
}
