import { type Database, migrate } from './client.ts';
import { seed } from './seed/index.ts';

/**
 * The advisory lock key every instance takes while it migrates and seeds: a
 * fixed 64-bit number of our own ("shop:migrate"), unlike pg-boss's keys,
 * which it derives from its schema name.
 */
export const MIGRATION_LOCK_KEY = '7308474016930213377';

/**
 * Runs `work` holding PostgreSQL's session advisory lock on
 * MIGRATION_LOCK_KEY, on a connection of its own kept for the duration and
 * released after (also when `work` fails). Instances that start together
 * wait here one after the other: the first migrates and seeds, the others
 * find nothing left to do. drizzle's migrator takes no lock, and two
 * migrators at once meet `23505 pg_type_typname_nsp_index` creating the same
 * table. PGlite is one process per data directory (its lock file): no lock.
 */
export async function withMigrationLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres' || !database.pool) return work();
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch((err: Error) => {
        // A connection that broke lost its lock with it; it must not go back to the pool.
        broken = err;
      });
    }
  } catch (err) {
    broken ??= err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Migrations, then the seed (idempotent; keeps operators' edits unless `overwrite`), under the migration lock. */
export async function migrateAndSeed(
  database: Database,
  options: { overwrite?: boolean } = {},
): Promise<void> {
  await withMigrationLock(database, async () => {
    await migrate(database);
    await seed(database.db, options);
  });
}
