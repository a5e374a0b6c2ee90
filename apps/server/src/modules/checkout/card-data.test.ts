import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { newSession, send, type TestSession, testEnv } from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/db.ts';

const API = '/desktopapp/rest';
const CARDS = ['4242424242424242', '4000000000000002', '4000002760003184'];
const year = String(new Date().getFullYear() + 3);

describe.each(testDatabaseKinds())('card data after a checkout (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Everything the server logs, at the most verbose level.
    app = await buildApp({
      database,
      env: testEnv({ LOG_LEVEL: 'trace' }),
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function checkout(session: TestSession, path: string, form: Record<string, unknown>) {
    await postCart(app, session, 'addns', { config: session.config, form: nsForm() });
    return send(app, session, {
      method: 'POST',
      url: `${API}/${path}`,
      payload: { config: session.config, form },
    });
  }

  it('appears in no table and no log line, whatever the card did', async () => {
    const answers: number[] = [];
    for (const [i, num] of CARDS.entries()) {
      const session = await newSession(app);
      const email = `tarjeta-${i}-${Date.now()}@example.com`;
      const card = { type: 'cc', num, month: '7', year, cvc: '123' };
      answers.push(
        (await checkout(session, 'checkoutRegister', { email, accept_terms: true, ...card })).statusCode,
      );
      // The logged-in customer tries again with the same card (409) and with a malformed form (400).
      answers.push((await checkout(session, 'checkoutAuthenticated', card)).statusCode);
      answers.push((await checkout(session, 'checkoutAuthenticated', { ...card, month: '13' })).statusCode);
    }
    expect(answers.filter((s) => s === 200).length).toBeGreaterThanOrEqual(CARDS.length);
    expect(answers.every((s) => s < 500)).toBe(true);

    const tables = await queryRows<{ name: string }>(
      database.db,
      // Every table of ours and of the job queue (pg-boss keeps job data in its own schema).
      sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { name } of tables) {
      const rows = await queryRows<{ j: string }>(
        database.db,
        sql.raw(`select row_to_json(x)::text as j from ${name} x`),
      );
      const text = rows.map((r) => r.j).join('\n');
      for (const num of CARDS) expect(text.includes(num), `${num} in table ${name}`).toBe(false);
    }
    expect(lines.length).toBeGreaterThan(10);
    const log = lines.join('');
    for (const num of CARDS) {
      expect(log.includes(num), `${num} in the log`).toBe(false);
      expect(log.includes(num.slice(0, 12)), `${num} in the log`).toBe(false);
    }
  });
});
