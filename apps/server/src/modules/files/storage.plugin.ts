import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { filesRoot } from './files.service.ts';
import { type FileStorage, localStorage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every file's bytes live (uploads, invoices, credit notes, result documents): one object per process. */
    storage: FileStorage;
  }
}

type StorageEnv = Pick<
  Env,
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
  | 'AWS_SESSION_TOKEN'
  | 'FILES_DIR'
  | 'DATA_DIR'
>;

/** The S3 bucket's settings from the environment; null when S3_BUCKET is unset. */
export function s3OptionsOf(env: StorageEnv) {
  if (!env.S3_BUCKET) return null;
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (the SDK then uses its role).',
    );
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
  };
}

/**
 * The storage the environment names: the S3 bucket when S3_BUCKET is set, else
 * the local files folder. The SDK is loaded only then (it is large).
 */
export async function storageFromEnv(env: StorageEnv): Promise<FileStorage & { close?(): void }> {
  const s3 = s3OptionsOf(env);
  if (!s3) return localStorage(filesRoot(env));
  const { s3Storage } = await import('./s3-storage.ts');
  const storage = s3Storage(s3);
  return { ...storage, close: () => storage.client.destroy() };
}

/** Builds the storage once at start; every reader and writer goes through `app.storage`. */
export const storagePlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    const storage = await storageFromEnv(env);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close?.());
  },
  { name: 'storage' },
);
