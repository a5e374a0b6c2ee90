import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestDatabase, testDatabaseKinds } from './db.ts';

describe.each(testDatabaseKinds())('createTestDatabase (%s)', (kind) => {
  it('gives each caller its own migrated and seeded database', async () => {
    const a = await createTestDatabase(kind);
    const b = await createTestDatabase(kind);
    try {
      await a.db.execute(sql`DELETE FROM es_municipalities WHERE ine = '41904'`);
      const inA = await queryRows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM es_municipalities`);
      const inB = await queryRows<{ n: number }>(b.db, sql`SELECT count(*)::int AS n FROM es_municipalities`);
      expect(inA[0]?.n).toBe(8131);
      expect(inB[0]?.n).toBe(8132);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('lists postgres only when TEST_DATABASE_URL is set', () => {
    expect(testDatabaseKinds().includes('postgres')).toBe(Boolean(process.env.TEST_DATABASE_URL));
  });
});
