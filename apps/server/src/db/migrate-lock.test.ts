import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEmptyPostgres } from '../testing/db.ts';
import { type Database, migrate, openDatabase, queryRows } from './client.ts';
import { MIGRATION_LOCK_KEY, migrateAndSeed, withMigrationLock } from './migrate-lock.ts';

const INSTANCES = 3;

describe.runIf(process.env.TEST_DATABASE_URL)('migrations under an advisory lock (postgres)', () => {
  it(`${INSTANCES} instances migrating and seeding one fresh database at once all succeed`, async () => {
    const empty = await createEmptyPostgres();
    const databases: Database[] = [];
    try {
      for (let i = 0; i < INSTANCES; i++) {
        databases.push(await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 4 }));
      }
      const results = await Promise.allSettled(databases.map((database) => migrateAndSeed(database)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(
        Array(INSTANCES).fill('ok'),
      );
      const db = databases[0]?.db;
      if (!db) throw new Error('no database');
      const [stores] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stores`);
      expect(stores?.n).toBeGreaterThan(0);
      // The lock is released: nobody holds it any more.
      const held = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted`,
      );
      expect(held[0]?.n).toBe(0);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await empty.drop();
    }
  }, 120_000);

  it('without the lock, the same start fails (what the lock is for)', async () => {
    const empty = await createEmptyPostgres();
    const databases: Database[] = [];
    try {
      for (let i = 0; i < INSTANCES; i++) {
        databases.push(await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 4 }));
      }
      const results = await Promise.allSettled(databases.map((database) => migrate(database)));
      expect(results.some((r) => r.status === 'rejected')).toBe(true);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await empty.drop();
    }
  }, 120_000);

  it('releases the lock when the work fails, and lets the next one in', async () => {
    const empty = await createEmptyPostgres();
    const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 3 });
    try {
      await expect(withMigrationLock(database, () => Promise.reject(new Error('boom')))).rejects.toThrow(
        'boom',
      );
      let ran = false;
      await withMigrationLock(database, async () => {
        ran = true;
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and objid = ${Number(BigInt(MIGRATION_LOCK_KEY) & 0xffffffffn)}`,
        );
        expect(row?.n).toBe(1);
      });
      expect(ran).toBe(true);
    } finally {
      await database.close();
      await empty.drop();
    }
  }, 60_000);
});
