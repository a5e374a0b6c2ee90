import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { recordStatements } from '../../testing/statements.ts';
import { type OrderFlow, wholeOrder } from '../../testing/whole-order.ts';

/**
 * Issue 22: the statements one whole order sends, counted on both databases:
 * every statement run for the order's requests (config, addns, the checkout,
 * the payment's start, the sandbox page and the notice it sends) and for the
 * jobs they queue (the confirmation with its PDF and mail, the VERI*FACTU
 * send), BEGIN and COMMIT included, plus pg-boss's fetch and completion of
 * each of those jobs (two statements a job when it is fetched alone; under
 * load a fetch takes a batch). The goal is 25 (issue 22); BUDGET is what the
 * order sends today, so a change that adds a statement fails here.
 */
const GOAL = 25;
// The budgets carry one statement of slack: the VERI*FACTU send job marks its
// record once or twice depending on when its worker wakes, so an order's count
// moves by one from run to run. Measured after the issue 22 work on this branch
// (one SQL statement per step: the cart add, also a returning customer's; the
// checkout's lock with its quote, items and customer, and its writes in one
// statement; no payment.resolve job, a sweep instead; the start's answer, the
// notice's reads and writes): 24-25 email, 25-26 returning, 24-25 password, on
// PGlite and PostgreSQL.
const BUDGET: Record<OrderFlow, number> = { email: 26, returning: 27, password: 26 };

describe.each(testDatabaseKinds())('statements per whole order (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { INVOICE_ISSUER_TAX_ID: 'B12345674' });
  }, 180_000);
  afterAll(() => t?.close());

  it.each(['email', 'returning', 'password'] as const)(
    '%s',
    async (flow) => {
      // A first order warms the caches (catalogue, prepared statements); the second is counted.
      const { session } = await wholeOrder(t, flow);
      const recorder = recordStatements(t.database);
      let orderId: string;
      try {
        ({ orderId } = await wholeOrder(t, flow, flow === 'returning' ? session : undefined));
      } finally {
        recorder.stop();
      }
      // The order's requests are the contexts of the statements sent outside any job; a job's statements
      // count when one of those requests queued it (a job of the warm-up order that runs meanwhile does not).
      const requestIds = [
        ...new Set(
          recorder.statements
            .filter((s) => s.requestId !== undefined && !s.requestId.startsWith('job:') && !s.jobId)
            .map((s) => s.requestId),
        ),
      ];
      const own = recorder.statements.filter(
        (s) => s.requestId !== undefined && requestIds.includes(s.requestId),
      );
      const [jobs] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'_requestId' = ANY(string_to_array(${requestIds.join(',')}, ','))`,
      );
      const count = own.length + 2 * (jobs?.n ?? 0);
      const listing = own.map((s) => `${s.jobId ? 'job ' : ''}${s.text.slice(0, 120)}`).join('\n');
      if (process.env.PRINT_STATEMENTS) console.log(`${flow}: ${count}, jobs ${jobs?.n}\n${listing}`);
      expect(orderId).toBeTruthy();
      expect(count, `${count} statements (goal ${GOAL}):\n${listing}`).toBeLessThanOrEqual(BUDGET[flow]);
    },
    60_000,
  );
});
