import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../testing/db.ts';
import { type Database, queryRows } from './client.ts';
import { executeAndCommit, inlineParameters } from './commit-with.ts';

describe('inlineParameters', () => {
  it('writes each parameter as a quoted literal, quotes and backslashes escaped, $n only outside quotes', () => {
    expect(
      inlineParameters(`SELECT $1::text, '$1', "a$b", $2::int, $10, $3::jsonb, $4, $5`, [
        "O'Brien \\ co",
        42,
        { a: "it's" },
        null,
        new Date('2026-11-28T10:00:00.000Z'),
        6,
        7,
        8,
        9,
        'ten',
      ]),
    ).toBe(
      `SELECT  E'O''Brien \\\\ co'::text, '$1', "a$b", '42'::int, 'ten', '{"a":"it''s"}'::jsonb, NULL, '2026-11-28T10:00:00.000Z'`,
    );
  });

  it('refuses what it does not parse: a dollar-quoted string, a comment, a missing parameter', () => {
    expect(() => inlineParameters('SELECT $$x$$', [])).toThrow(/dollar/);
    expect(() => inlineParameters('SELECT 1 -- $1', ['a'])).toThrow(/comment/);
    expect(() => inlineParameters('SELECT $2', ['a'])).toThrow(/no parameter/);
  });
});

describe.each(testDatabaseKinds())('executeAndCommit (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`CREATE TABLE commit_probe (id int PRIMARY KEY, note text NOT NULL)`);
  }, 120_000);
  afterAll(() => database?.close());
  const notes = async () =>
    (await queryRows<{ note: string }>(database.db, sql`SELECT note FROM commit_probe ORDER BY id`)).map(
      (r) => r.note,
    );

  it('runs the statements in order, answers the last one, and the transaction is committed', async () => {
    const nasty = `it's \\ "quoted" $1 -- not a comment`;
    const seenInside: string[][] = [];
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO commit_probe VALUES (1, 'first')`);
      const answer = await executeAndCommit<{ id: number; note: string }>(tx, [
        sql`INSERT INTO commit_probe VALUES (${2}::int, ${nasty}::text)`,
        sql`SELECT id, note FROM commit_probe WHERE id = ${2}::int`,
      ]);
      // On PostgreSQL the commit went with the statements: another connection of the pool sees the rows
      // before this transaction's callback has returned. PGlite has one connection and commits after.
      if (kind === 'postgres') seenInside.push(await notes());
      return answer;
    });
    expect(rows).toEqual([{ id: 2, note: nasty }]);
    expect(await notes()).toEqual(['first', nasty]);
    if (kind === 'postgres') expect(seenInside).toEqual([['first', nasty]]);
  });

  it('commits nothing when one of the statements fails', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO commit_probe VALUES (3, 'before')`);
        await executeAndCommit(tx, [
          sql`INSERT INTO commit_probe VALUES (${4}::int, ${'in the round trip'}::text)`,
          sql`INSERT INTO commit_probe VALUES (${1}::int, ${'a duplicate id'}::text)`,
        ]);
      })
      .catch((err: { code?: string; cause?: { code?: string } }) => err);
    // The unique violation (drizzle wraps the driver's error as its cause).
    expect((failure as { cause?: { code?: string } })?.cause?.code).toBe('23505');
    expect(await notes()).toEqual(['first', `it's \\ "quoted" $1 -- not a comment`]);
  });
});
