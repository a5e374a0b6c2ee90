import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb, Database } from '../../db/client.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/db.ts';
import { allocateOrderId } from './order-ids.repository.ts';

describe.each(testDatabaseKinds())('allocateOrderId (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('issues store id + 8-digit sequence, one sequence per store', async () => {
    expect(await allocateOrderId(database.db, 16)).toBe('1600000001');
    expect(await allocateOrderId(database.db, 16)).toBe('1600000002');
    expect(await allocateOrderId(database.db, 1)).toBe('100000001');
    expect(await allocateOrderId(database.db, 16)).toBe('1600000003');
  });

  it('never issues the same number twice to concurrent checkouts', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => allocateOrderId(database.db, 14)));
    expect(new Set(ids).size).toBe(20);
    expect(ids.every((id) => /^14\d{8}$/.test(id))).toBe(true);
  });

  it('gives the number back when the checkout transaction rolls back (no gaps)', async () => {
    const before = await allocateOrderId(database.db, 26);
    await expect(
      database.db.transaction(async (tx) => {
        await allocateOrderId(tx as unknown as AppDb, 26);
        throw new Error('payment setup failed');
      }),
    ).rejects.toThrow('payment setup failed');
    const after = await allocateOrderId(database.db, 26);
    expect(Number(after) - Number(before)).toBe(1);
  });
});
