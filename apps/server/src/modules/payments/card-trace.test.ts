import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { newSession, send, type TestApp, type TestSession, testEnv } from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/db.ts';
import { waitFor } from '../../testing/wait.ts';
import { ORDER_CONFIRMATION_JOB } from '../invoices/order-confirmation.ts';
import { SANDBOX_CARDS } from './sandbox.gateway.ts';

const API = '/desktopapp/rest';
const CARDS = Object.values(SANDBOX_CARDS);
/** Every card number used, also as typed with spaces. */
const TRACES = CARDS.flatMap((n) => [n, n.replace(/(\d{4})(?=\d)/g, '$1 ')]);

/** Every row of every table (ours and the queue's) as text. */
async function databaseText(database: Database): Promise<string> {
  const tables = (await database.db.execute(
    sql`select table_schema, table_name from information_schema.tables
        where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_schema: string; table_name: string }[] };
  expect(tables.rows.length).toBeGreaterThan(20);
  const parts: string[] = [];
  for (const { table_schema, table_name } of tables.rows) {
    const rows = (await database.db.execute(
      sql.raw(`select t::text as row from "${table_schema}"."${table_name}" t`),
    )) as unknown as { rows: { row: string }[] };
    for (const r of rows.rows) parts.push(r.row);
  }
  return parts.join('\n');
}

describe.each(testDatabaseKinds())('no card number is kept (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  const logs: string[] = [];
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shop-cards-'));
    const database = await createTestDatabase(kind);
    // Every log line at the most verbose level, kept for the scan.
    const app = await buildApp({
      database,
      env: testEnv({ FILES_DIR: root, LOG_LEVEL: 'trace' }),
      logStream: { write: (line) => void logs.push(line) },
    });
    await app.ready();
    t = {
      app,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  const card = (num: string) => ({
    type: 'cc',
    num,
    month: '7',
    year: String(new Date().getFullYear() + 2),
    cvc: '123',
  });

  async function checkout(session: TestSession, num: string) {
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const response = await send(t.app, session, {
      method: 'POST',
      url: `${API}/checkoutAuthenticated`,
      payload: { config: session.config, form: card(num) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { order_id: string; next: { type: string; url?: string } };
  }

  it('after card checkouts (approved, declined, 3-D Secure, the hosted card page) no table and no log line holds a card number', async () => {
    const session = await newSession(t.app);
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const registered = await send(t.app, session, {
      method: 'POST',
      url: `${API}/checkoutRegister`,
      payload: {
        config: session.config,
        form: {
          email: `cards-${Date.now()}@example.com`,
          accept_terms: true,
          ...card(SANDBOX_CARDS.approve),
        },
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().next).toEqual({ type: 'success' });

    const declined = await checkout(session, SANDBOX_CARDS.declined);
    expect(declined.next.type).toBe('failed');
    const poor = await checkout(session, '4000 0000 0000 9995');
    expect(poor.next.type).toBe('failed');
    const challenged = await checkout(session, SANDBOX_CARDS.challenge);
    expect(challenged.next.type).toBe('3ds');
    const url = (challenged.next.url ?? '').replace(/^https?:\/\/[^/]+/, '');
    await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=approve',
    });
    // A retry through the sandbox's own card page (the number posted to it).
    const retry = await send(t.app, session, {
      url: `${API}/otherMethodsPaymentIntent/?order_id=${declined.order_id}`,
    });
    const page = String(retry.json().next.url).replace(/^https?:\/\/[^/]+/, '');
    const paid = await t.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        num: '4242 4242 4242 4242',
        month: '7',
        year: '2031',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);

    // Let the confirmation jobs and mails run too: their rows are scanned as well.
    t.app.jobs.nudge(ORDER_CONFIRMATION_JOB);
    await waitFor(async () => {
      const r = (await t.database.db.execute(
        sql`select count(*)::int as n from invoices where mail_id is not null`,
      )) as unknown as { rows: { n: number }[] };
      return Number(r.rows[0]?.n) >= 3;
    });

    const text = await databaseText(t.database);
    expect(text).toContain(registered.json().order_id);
    for (const trace of TRACES) expect(text).not.toContain(trace);
    const logText = logs.join('');
    expect(logs.length).toBeGreaterThan(10);
    expect(logText).toContain('checkoutAuthenticated');
    for (const trace of TRACES) expect(logText).not.toContain(trace);
  });
});
