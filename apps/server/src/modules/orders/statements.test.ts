import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { recordStatements } from '../../testing/statements.ts';
import { jobsSettled, type OrderFlow, wholeOrder } from '../../testing/whole-order.ts';

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
// BUDGET is the count itself, the same in every run (both orders wait for their jobs, so the counted
// one always queues and runs its own VERI*FACTU send): a change that adds a statement fails here.
// Measured on PGlite and PostgreSQL after the issue 22 work (cart add one statement, also a returning
// customer's new cart; the checkout's lock with its session, quote, items and customer, and its writes
// in one statement; a sweep instead of a payment.resolve job per attempt; the notice in 5: lock + event
// + invoice source, move + paid + number and chain locks, invoice + record + jobs, BEGIN, COMMIT; one
// waiting VERI*FACTU send per issuer): email 21, returning 22, password 21, with 2 jobs each. On
// PostgreSQL the notice's last round trip carries the move, the invoice and COMMIT AND CHAIN, whose
// empty transaction drizzle's COMMIT then ends (db/commit-with.ts): one statement more.
const BUDGET: Record<'pglite' | 'postgres', Record<OrderFlow, number>> = {
  pglite: { email: 21, returning: 22, password: 21 },
  postgres: { email: 22, returning: 23, password: 22 },
};

describe.each(testDatabaseKinds())('statements per whole order (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { INVOICE_ISSUER_TAX_ID: 'B12345674' });
  }, 180_000);
  afterAll(() => t?.close());

  it.each(['email', 'returning', 'password'] as const)(
    '%s',
    async (flow) => {
      // A first order warms the caches (catalogue, prepared statements); the second is counted. Each
      // waits for its jobs, so the counted order finds no send of the issuer waiting, queues its own,
      // and that send's statements are counted: the count is the same in every run.
      const { session } = await wholeOrder(t, flow);
      await jobsSettled(t);
      const recorder = recordStatements(t.database);
      let orderId: string;
      try {
        ({ orderId } = await wholeOrder(t, flow, flow === 'returning' ? session : undefined));
        await jobsSettled(t);
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
      expect(count, `${count} statements (goal ${GOAL}):\n${listing}`).toBeLessThanOrEqual(GOAL);
      expect(count, `${count} statements (budget ${BUDGET[kind][flow]}):\n${listing}`).toBeLessThanOrEqual(
        BUDGET[kind][flow],
      );
    },
    60_000,
  );
});
