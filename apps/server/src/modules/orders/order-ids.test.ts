import { MAX_ORDER_SEQUENCE, orderIdFor } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDb, type Database, queryRows } from '../../db/client.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/db.ts';
import { allocateOrderId, nextOrderIdSql } from './order-ids.repository.ts';

describe.each(testDatabaseKinds())('allocateOrderId (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('issues store id + 8-digit number, increasing', async () => {
    const first = await allocateOrderId(database.db, 16);
    expect(first).toMatch(/^16\d{8}$/);
    const second = await allocateOrderId(database.db, 1);
    expect(second).toMatch(/^1\d{8}$/);
    expect(Number(second.slice(1))).toBeGreaterThan(Number(first.slice(2)));
  });

  it('the id an order INSERT takes (nextOrderIdSql) is orderIdFor of the next number; past the last one it is NULL', async () => {
    const [row] = await queryRows<{ id: string; last: string }>(
      database.db,
      sql`SELECT ${nextOrderIdSql(16)} AS id, currval('order_number_seq')::text AS last`,
    );
    expect(row?.id).toBe(orderIdFor(16, Number(row?.last)));
    await database.db.transaction(async (tx) => {
      await queryRows(
        tx as unknown as AppDb,
        sql`SELECT setval('order_number_seq', ${MAX_ORDER_SEQUENCE}::bigint)`,
      );
      const [past] = await queryRows<{ id: string | null }>(
        tx as unknown as AppDb,
        sql`SELECT ${nextOrderIdSql(16)} AS id`,
      );
      expect(past?.id).toBeNull();
      // Sequences are not transactional: put the counter back where the other tests expect it.
      await queryRows(
        tx as unknown as AppDb,
        sql`SELECT setval('order_number_seq', ${Number(row?.last) + 1}::bigint)`,
      );
    });
  });

  it('never issues the same number twice to concurrent checkouts', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => allocateOrderId(database.db, 14)));
    expect(new Set(ids).size).toBe(20);
    expect(ids.every((id) => /^14\d{8}$/.test(id))).toBe(true);
  });

  it('does not make a second checkout wait for an open one', async () => {
    if (kind === 'pglite') return; // one connection: transactions run one at a time anyway
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let issuedInside = '';
    const open = database.db.transaction(async (tx) => {
      issuedInside = await allocateOrderId(tx as unknown as AppDb, 26);
      await held;
    });
    // The first transaction holds its number uncommitted; the second must not wait for it.
    while (!issuedInside) await new Promise((r) => setTimeout(r, 5));
    const outside = await Promise.race([
      allocateOrderId(database.db, 26),
      new Promise<string>((r) => setTimeout(() => r('waited'), 2000)),
    ]);
    release();
    await open;
    expect(outside).not.toBe('waited');
    expect(outside).not.toBe(issuedInside);
  });

  it('a rolled-back checkout never gives its number to another order', async () => {
    let rolledBack = '';
    await expect(
      database.db.transaction(async (tx) => {
        rolledBack = await allocateOrderId(tx as unknown as AppDb, 28);
        throw new Error('payment setup failed');
      }),
    ).rejects.toThrow('payment setup failed');
    const after = await allocateOrderId(database.db, 28);
    expect(after).not.toBe(rolledBack);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE id = ${after}`,
    );
    expect(row?.n).toBe(0);
  });
});
