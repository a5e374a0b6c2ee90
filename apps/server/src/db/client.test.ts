import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bossDbOf } from '../modules/jobs/boss-db.ts';
import { createTestDatabase } from '../testing/db.ts';
import { createStatementNamer, type Database, queryRows } from './client.ts';
import { stores } from './schema/index.ts';

describe('createStatementNamer', () => {
  it('gives one stable name per text and distinct names to distinct texts', () => {
    const statementName = createStatementNamer(10);
    const a = statementName('select $1::int /* client.test a */');
    const b = statementName('select $1::int /* client.test b */');
    expect(a).toMatch(/^s\d+$/);
    expect(statementName('select $1::int /* client.test a */')).toBe(a);
    expect(b).not.toBe(a);
  });

  it('stops naming new texts at the cap, and keeps the names it gave', () => {
    const statementName = createStatementNamer(3);
    const first = statementName('select $1::int /* client.test cap */');
    for (let n = 0; n < 2; n++) statementName(`select $1::int /* client.test filler ${n} */`);
    expect(statementName('select $1::int /* client.test past the cap */')).toBe('');
    expect(statementName('select $1::int /* client.test cap */')).toBe(first);
  });
});

// The naming lives in the node-postgres pool; PGlite runs in-process and has nothing to parse twice.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL: parameterised statements are prepared once per connection',
  () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
    });
    afterAll(async () => {
      await database?.close();
    });

    /** The texts the transaction's connection holds as prepared statements. */
    const prepared = (tx: Database['db']) =>
      queryRows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where statement like '%"stores"%'`,
      );

    it('runs a drizzle query as a named statement that the connection parses once', async () => {
      await database.db.transaction(async (tx) => {
        for (const id of [14, 16, 14]) {
          const [row] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, id));
          expect(row?.id).toBe(id);
        }
        const statements = await prepared(tx);
        const mine = statements.filter((s) => s.statement.includes('where "stores"."id" = $1'));
        // Three runs, two values: one statement on the connection.
        expect(mine).toHaveLength(1);
      });
    });

    it("runs pg-boss's SQL (sent through bossDbOf) as a named statement too", async () => {
      await database.db.transaction(async (tx) => {
        const boss = bossDbOf(tx);
        const text = 'select count(*)::int as n from "stores" where id > $1 /* boss-like */';
        await boss.executeSql(text, [0]);
        await boss.executeSql(text, [1]);
        const statements = await prepared(tx);
        expect(statements.filter((s) => s.statement === text)).toHaveLength(1);
      });
    });
  },
);
