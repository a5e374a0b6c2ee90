import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { NOTA_SIMPLE, type Target, withListeningApp } from './api-load.ts';
import { type OrderClientInput, type OrderClientResult, STEPS } from './order-client.ts';

export interface OrderFigures {
  label: string;
  ordersPerSecond: number;
  orders: number;
  failures: number;
  firstFailure: string | null;
  /** Invoices issued over the whole run (warm-up included) and confirmation mails stored by the workers by then. */
  invoices: number;
  mailsStored: number;
  /** Seconds after the load stopped until every invoice's mail was stored (the workers catching up), or null if not within 30 s. */
  mailsCaughtUpAfter: number | null;
  /** Per call of the order: p50 and p99 in ms, and how many were timed. */
  calls: { step: string; p50: number; p99: number; count: number }[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[at] ?? Number.NaN;
}

/**
 * Whole orders against the real app (buildApp on a migrated, seeded database,
 * listening on a port, its job workers running): `concurrency` customers in a
 * worker thread, each making order after order (config, addns,
 * checkoutRegister with a password, the sandbox's Bizum approval that sends the
 * signed payment notice) for `seconds`.
 */
export async function loadOrders(
  target: Target,
  webDist: string,
  {
    seconds,
    concurrency,
    warmupSeconds = 3,
  }: { seconds: number; concurrency: number; warmupSeconds?: number },
): Promise<OrderFigures> {
  return withListeningApp(target, webDist, async ({ base, database }) => {
    const input: OrderClientInput = {
      base,
      seconds,
      concurrency,
      warmupSeconds,
      form: NOTA_SIMPLE,
    };
    const result = await new Promise<OrderClientResult>((resolve, reject) => {
      const worker = new Worker(new URL('./order-client-worker.mjs', import.meta.url), {
        workerData: input,
      });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (code !== 0) reject(new Error(`the order client exited with ${code}`));
      });
    });
    const counts = async () => {
      const [row] = await queryRows<{ invoices: number; mails: number }>(
        database.db,
        sql`SELECT (SELECT count(*) FROM invoices)::int AS invoices,
                     (SELECT count(*) FROM mail_messages WHERE status IN ('stored', 'sent'))::int AS mails`,
      );
      return { invoices: row?.invoices ?? 0, mails: row?.mails ?? 0 };
    };
    const stopped = performance.now();
    let mailsCaughtUpAfter: number | null = null;
    let latest = await counts();
    while (performance.now() - stopped < 30_000) {
      latest = await counts();
      if (latest.mails >= latest.invoices) {
        mailsCaughtUpAfter = (performance.now() - stopped) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return {
      label: target.label,
      invoices: latest.invoices,
      mailsStored: latest.mails,
      mailsCaughtUpAfter,
      ordersPerSecond: result.orders / result.seconds,
      orders: result.orders,
      failures: result.failures,
      firstFailure: result.firstFailure,
      calls: STEPS.map((step) => {
        const sorted = [...result.latencies[step]].sort((a, b) => a - b);
        return {
          step,
          p50: Math.round(percentile(sorted, 50) * 10) / 10,
          p99: Math.round(percentile(sorted, 99) * 10) / 10,
          count: sorted.length,
        };
      }),
    };
  });
}
