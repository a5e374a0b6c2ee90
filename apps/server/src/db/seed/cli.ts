import { loadEnv } from '../../env.ts';
import { openDatabase } from '../client.ts';
import { migrateAndSeed } from '../migrate-lock.ts';

/**
 * `node apps/server/dist/seed.js [--overwrite]` (built by `npm run build`; from
 * the source: `node --import tsx apps/server/src/db/seed/cli.ts`): migrate and
 * seed the configured database (DATABASE_URL, else PGlite under DATA_DIR; stop
 * the server first when using PGlite). --overwrite resets the seeded stores and
 * products to the seed data, discarding operators' edits to them.
 */
const overwrite = process.argv.includes('--overwrite');
const env = loadEnv();
const database = env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
try {
  const started = Date.now();
  // Under the migration lock: a server starting meanwhile on the same PostgreSQL waits.
  await migrateAndSeed(database, { overwrite });
  console.log(`Seeded${overwrite ? ' (overwrite)' : ''} in ${Date.now() - started} ms`);
} finally {
  await database.close();
}
