import { loadEnv } from '../../env.ts';
import { filesRoot } from './files.service.ts';
import { copyFilesToBucket } from './files-to-s3.ts';
import { s3Storage } from './s3-storage.ts';
import { s3OptionsOf } from './storage.plugin.ts';

/**
 * `npm run files:to-s3` (built: `node apps/server/dist/files-to-s3.js`): copies
 * the stored files of FILES_DIR (default DATA_DIR/files) into the bucket that
 * S3_BUCKET and the other S3_* variables name. Idempotent; the server may keep
 * running meanwhile (run it once more after the switch for files stored in between).
 */
async function main(): Promise<number> {
  const env = loadEnv();
  const options = s3OptionsOf(env);
  if (!options) {
    console.error('files:to-s3: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, the credentials) first.');
    return 1;
  }
  const root = filesRoot(env);
  const storage = s3Storage(options);
  try {
    console.log(
      `Copying ${root} into bucket ${options.bucket}${options.prefix ? ` under ${options.prefix}` : ''}…`,
    );
    const report = await copyFilesToBucket(
      root,
      { client: storage.client, bucket: options.bucket, prefix: options.prefix, put: storage.put },
      (line) => console.log(line),
    );
    for (const name of report.ignored) console.warn(`ignored ${name} (not a stored file)`);
    console.log(
      `Done: ${report.copied} copied, ${report.skipped} already there, ${report.ignored.length} ignored.`,
    );
    return 0;
  } finally {
    storage.client.destroy();
  }
}

try {
  process.exit(await main());
} catch (err) {
  console.error(`files:to-s3 failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
