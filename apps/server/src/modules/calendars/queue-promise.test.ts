import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder } from '../../testing/orders.ts';

describe.each(testDatabaseKinds())('the queue ordered by time left to the promise (%s)', (kind) => {
  let t: TestApp;
  let agent: AdminClient;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    agent = await signedInOperator(t.app, 'agent');
  }, 240_000);
  afterAll(() => t?.close());

  it('puts the overdue first, then the least time left, then orders without a promise; flags urgent and due', async () => {
    const now = Date.now();
    const store = '15';
    const make = async (minutesLeft: number | null, urgent: boolean, ageMinutes: number) => {
      const order = await insertOrder(t.app.db, {
        storeId: Number(store),
        createdAt: new Date(now - ageMinutes * 60_000),
      });
      await t.app.db
        .update(orders)
        .set({
          promisedAt: minutesLeft === null ? null : new Date(now + minutesLeft * 60_000),
          promiseBasis: minutesLeft === null ? null : { registry_id: 1, hours: 3, urgent },
        })
        .where(eq(orders.id, order.id));
      return order.id;
    };
    const noPromise = await make(null, false, 300);
    const later = await make(240, false, 200);
    const soon = await make(30, true, 10);
    const overdue = await make(-15, false, 100);

    const answer = (await adminSend(t.app, agent, { url: `/admin/api/orders?store=${store}` })).json();
    const ids = answer.rows.map((r: { id: string }) => r.id);
    expect(ids).toEqual([overdue, soon, later, noPromise]);
    const byId = new Map(answer.rows.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(overdue)).toMatchObject({ promise_due: 'overdue', urgent: false });
    expect(byId.get(soon)).toMatchObject({ promise_due: 'within_hour', urgent: true });
    expect(byId.get(later)).toMatchObject({ promise_due: 'later', urgent: false });
    expect(byId.get(noPromise)).toMatchObject({ promise_due: null, promised_at: null, urgent: false });

    const byAge = (
      await adminSend(t.app, agent, { url: `/admin/api/orders?store=${store}&sort=age` })
    ).json();
    expect(byAge.rows.map((r: { id: string }) => r.id)).toEqual([noPromise, later, overdue, soon]);
    expect((await adminSend(t.app, agent, { url: '/admin/api/orders?sort=soon' })).statusCode).toBe(400);
  });
});
