import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder } from '../../testing/orders.ts';
import { SYSTEM_ACTOR } from '../admin/audit.ts';
import { changeOrderStatus, lockOrder } from './order-status.ts';

const SERVER_SRC = fileURLToPath(new URL('../../', import.meta.url));
const THE_FUNCTION = path.join('modules', 'orders', 'order-status.ts');

/** The places in a source text that write orders.status: drizzle `.update(orders)…set({ status` and raw SQL. */
function statusWrites(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\.update\(\s*orders\s*\)/g)) {
    // The update's own chain: up to its `.where(` (or the statement's end).
    const rest = source.slice(match.index);
    const end = rest.search(/\.where\(|;\s*\n/);
    const chain = rest.slice(0, end === -1 ? rest.length : end);
    if (/\bstatus\s*[:,}]/.test(chain)) found.push(chain.replace(/\s+/g, ' ').slice(0, 120));
  }
  for (const match of source.matchAll(
    /update\s+(?:"?orders"?|\$\{\s*orders\s*\})\s+set\b[^;`]*?\bstatus\s*=/gi,
  )) {
    found.push(match[0].replace(/\s+/g, ' ').slice(0, 120));
  }
  return found;
}

async function productSources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'node_modules')
        out.push(...(await productSources(full)));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      out.push(full);
    }
  }
  return out;
}

describe('one function changes an order status', () => {
  it('the scan finds every way of writing orders.status (so the guard below can fail)', () => {
    expect(
      statusWrites("await tx.update(orders).set({ status: 'closed', updatedAt: now }).where(x)"),
    ).toHaveLength(1);
    expect(
      statusWrites('await tx\n  .update(orders)\n  .set({ status })\n  .where(eq(orders.id, id));'),
    ).toHaveLength(1);
    expect(statusWrites('await db.update( orders ).set({ updatedAt, status: to }).where(x)')).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text under test
    expect(statusWrites('sql`update ${orders} set status = ${to} where id = ${id}`')).toHaveLength(1);
    expect(statusWrites("execute('UPDATE orders SET panel_status_id = 1, status = $1')")).toHaveLength(1);
    expect(
      statusWrites('await tx.update(orders).set({ paymentMethod: m }).where(eq(orders.id, id));'),
    ).toEqual([]);
    expect(statusWrites('await tx.update(payments).set({ status: "paid" }).where(x)')).toEqual([]);
  });

  it('no server code but orders/order-status.ts writes orders.status', async () => {
    const offenders: string[] = [];
    for (const file of await productSources(SERVER_SRC)) {
      const relative = path.relative(SERVER_SRC, file);
      if (relative === THE_FUNCTION) continue;
      for (const write of statusWrites(await readFile(file, 'utf8'))) offenders.push(`${relative}: ${write}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('changeOrderStatus (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, 180_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;
  const auditOf = (orderId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)));

  it('refuses a move the transition table forbids with a typed reason, writing nothing', async () => {
    const order = await createTestOrder(db());
    const result = await db().transaction(async (tx) => {
      const locked = await lockOrder(tx, order.orderId);
      if (!locked) throw new Error('no order');
      return changeOrderStatus(tx, locked, {
        to: 'complete_ready',
        actor: SYSTEM_ACTOR,
        action: 'order.test',
      });
    });
    expect(result).toEqual({ ok: false, reason: 'not_allowed' });
    const unpaid = await db().transaction(async (tx) => {
      const locked = await lockOrder(tx, order.orderId);
      if (!locked) throw new Error('no order');
      return changeOrderStatus(tx, locked, {
        to: 'complete_pending',
        actor: SYSTEM_ACTOR,
        action: 'order.test',
      });
    });
    // The guard reads the order's payments: none was captured.
    expect(unpaid).toEqual({ ok: false, reason: 'not_paid' });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('pending_payment');
    expect(await auditOf(order.orderId)).toEqual([]);
  });

  it('writes the row, the items panel status and one audit entry with before and after', async () => {
    const order = await createTestOrder(db());
    const result = await db().transaction(async (tx) => {
      const locked = await lockOrder(tx, order.orderId);
      if (!locked) throw new Error('no order');
      const changed = await changeOrderStatus(tx, locked, {
        to: 'canceled',
        actor: { operatorId: null, email: 'cli' },
        action: 'order.canceled_by_test',
        details: { why: 'test' },
      });
      expect(locked.status).toBe('canceled');
      return changed;
    });
    expect(result).toEqual({ ok: true, from: 'pending_payment', to: 'canceled' });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('canceled');
    const audit = await auditOf(order.orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'cli', action: 'order.canceled_by_test' });
    expect(audit[0]?.data).toMatchObject({
      why: 'test',
      before: { status: 'pending_payment' },
      after: { status: 'canceled' },
    });
    // canceled is final: any further move is refused.
    const again = await db().transaction(async (tx) => {
      const locked = await lockOrder(tx, order.orderId);
      if (!locked) throw new Error('no order');
      return changeOrderStatus(tx, locked, { to: 'pending_payment', actor: SYSTEM_ACTOR, action: 'x' });
    });
    expect(again).toEqual({ ok: false, reason: 'final_status' });
  });
});
