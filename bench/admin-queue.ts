import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { hashPassword } from '../apps/server/src/modules/customers/password.ts';

/** Issue 10: the back office's order list over 100,000 orders answers at p95 <= 150 ms. */
export interface QueueFigures {
  label: string;
  p50: number;
  p95: number;
  max: number;
  requests: number;
  /** Part of the budget (the list) or information (free-text search). */
  budgeted: boolean;
}

export const QUEUE_ORDERS = 100_000;

/** The list views an operator opens all day (budgeted), and the searches (information). */
const QUERIES: { label: string; query: string; budgeted: boolean }[] = [
  { label: 'open orders, page 1', query: '', budgeted: true },
  { label: 'open orders, page 20', query: '?page=20', budgeted: true },
  { label: 'all orders', query: '?status=all', budgeted: true },
  { label: 'store 16', query: '?store=16&status=all', budgeted: true },
  { label: 'unpaid', query: '?status=all&paid=unpaid', budgeted: true },
  {
    label: 'in progress, a month',
    query: '?status=complete_in_progress&from=2026-01-01&to=2026-01-31',
    budgeted: true,
  },
  { label: 'search: order id', query: '?status=all&q=1400050000', budgeted: true },
  { label: 'search: e-mail', query: '?status=all&q=bench-777%40example.com', budgeted: true },
  { label: 'search: holder (any answer)', query: '?status=all&q=Titular%2099999', budgeted: false },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * 100,000 orders written in bulk with SQL (customers, quotes, orders, one item
 * and one payment each, spread over a year, a third of them still open).
 */
export async function seedOrders(database: Database): Promise<void> {
  const db = database.db;
  await db.execute(sql`insert into customers (store_id, email)
    select 14, 'bench-' || g || '@example.com' from generate_series(1, 20000) g`);
  await db.execute(sql`insert into quotes (store_id, customer_id, status)
    select case when g % 4 = 0 then 16 else 14 end,
           (select min(id) from customers) + (g % 20000), 'ordered'
      from generate_series(1, ${QUEUE_ORDERS}) g`);
  await db.execute(sql`insert into orders (id, store_id, quote_id, customer_id, status, panel_status_id,
                                           payment_method, total_cents, email, created_at, updated_at)
    select q.store_id::text || lpad(n::text, 8, '0'), q.store_id, q.id, q.customer_id,
           case when n % 10 = 0 then 'pending_payment'
                when n % 10 in (1, 2) then 'complete_pending'
                when n % 10 = 3 then 'complete_in_progress'
                when n % 10 = 4 then 'complete_incident'
                else 'complete_ready' end,
           case when n % 10 = 0 then null when n % 10 in (1, 2) then 10 when n % 10 = 3 then 30
                when n % 10 = 4 then 60 else 110 end,
           'cc', 2076, c.email, now() - (n * interval '5 minutes'), now() - (n * interval '5 minutes')
      from (select id, store_id, customer_id, row_number() over (order by id) as n from quotes where status = 'ordered') q
      join customers c on c.id = q.customer_id`);
  await db.execute(sql`insert into order_items (order_id, product_id, product_name, form, price_cents, panel_status_id)
    select o.id, p.id, p.name,
           jsonb_build_object('nombre', 'Titular ' || right(o.id, 5), 'dni', lpad(right(o.id, 8), 8, '0') || 'Z',
                              'direccion', 'Calle ' || right(o.id, 3)),
           2076, coalesce(o.panel_status_id, 10)
      from orders o cross join (select id, name from products where kind = 'generic' order by id limit 1) p`);
  await db.execute(sql`insert into payments (order_id, attempt, method, gateway, status, amount_cents)
    select id, 1, 'cc', 'sandbox', case when status = 'pending_payment' then 'pending' else 'paid' end, 2076
      from orders`);
  await db.execute(sql`analyze`);
}

/** The order list's server time (routing, session, SQL, serialization) through app.inject. */
export async function measureAdminQueue(
  webDist: string,
  databaseUrl?: string,
  rounds = 30,
): Promise<QueueFigures[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-queue-'));
  const database = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(database);
    await seed(database.db);
    const started = performance.now();
    if (databaseUrl) await database.db.execute(sql`truncate orders, order_items, payments cascade`);
    await seedOrders(database);
    console.error(
      `  seeded ${QUEUE_ORDERS.toLocaleString('en')} orders in ${Math.round(performance.now() - started)} ms`,
    );
    const password = 'bench password of the back office';
    await database.db.execute(sql`insert into operators (email, name, role, password_hash)
      values ('bench@backoffice.test', 'Bench', 'agent', ${await hashPassword(password)})
      on conflict (email) do nothing`);
    const env = loadEnv({ DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0' });
    const app = await buildApp({ database, env });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/admin/api/login',
        payload: { email: 'bench@backoffice.test', password },
      });
      const cookie = login.cookies.find((c) => c.name === 'admin');
      if (!cookie) throw new Error(`log in answered ${login.statusCode}`);
      const figures: QueueFigures[] = [];
      for (const { label, query, budgeted } of QUERIES) {
        const times: number[] = [];
        for (let round = 0; round < rounds + 3; round++) {
          const t0 = performance.now();
          const answer = await app.inject({
            url: `/admin/api/orders${query}`,
            headers: { cookie: `admin=${cookie.value}` },
          });
          const elapsed = performance.now() - t0;
          if (answer.statusCode !== 200) throw new Error(`orders${query} answered ${answer.statusCode}`);
          if (round >= 3) times.push(elapsed);
        }
        times.sort((a, b) => a - b);
        figures.push({
          label,
          budgeted,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          max: times.at(-1) ?? 0,
          requests: times.length,
        });
      }
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
