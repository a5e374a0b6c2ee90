import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrateAndSeed } from './db/migrate-lock.ts';
import { stores } from './db/schema/index.ts';
import { type Env, loadEnv, rawPaymentSandbox } from './env.ts';
import { installGracefulStop } from './graceful-stop.ts';
import { storeInvoicingProblems } from './modules/invoices/production-check.ts';
import { paymentBanner } from './modules/payments/payment-banner.ts';
import { productionProblems } from './production-checks.ts';

/**
 * `npm start`: open the database (PGlite under DATA_DIR, or PostgreSQL when
 * DATABASE_URL is set), migrate and seed under the migration lock, listen,
 * and stop gracefully on SIGINT / SIGTERM within SHUTDOWN_TIMEOUT_MS so a
 * restart finds the data intact (docs/operations.md).
 */
async function main(): Promise<void> {
  let env: Env;
  let database: Database;
  try {
    env = loadEnv();
    // NODE_ENV=production with unsafe defaults: every missing setting listed at once, nothing started.
    const problems = productionProblems(env, rawPaymentSandbox());
    if (problems.length > 0) {
      console.error(
        `Refusing to start with NODE_ENV=production; set:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
      process.exit(1);
    }
    database = env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
  } catch (err) {
    // Bad environment or a data dir locked by another live process: say so plainly and stop.
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const stopping = installGracefulStop({ app: () => app, database, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });

  try {
    // Adds what is missing; stores and products an operator edited stay as they are. Instances
    // starting together on one PostgreSQL take turns (an advisory lock).
    await migrateAndSeed(database);
    // The stores' own issuers and countries (issue 18): a store invoicing from Spain needs VERI*FACTU.
    const storeProblems = storeInvoicingProblems(env, await database.db.select().from(stores));
    if (storeProblems.length > 0) {
      console.error(
        `Refusing to start with NODE_ENV=production; set:\n${storeProblems.map((p) => `  ${p}`).join('\n')}`,
      );
      await database.close().catch(() => {});
      process.exit(1);
    }
    app = await buildApp({ database, env });
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    console.error('Could not start the server:', err);
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
  if (stopping.stopping) return;
  const { port } = app.server.address() as AddressInfo;
  // What each store offers and who takes it; a store that offers nothing is a warning.
  const payments = paymentBanner(app.gateways, [...(await app.catalog.snapshot()).stores.values()]);
  for (const line of payments.lines) console.log(line);
  for (const warning of payments.warnings) console.warn(`WARNING: ${warning}`);
  // The viewer's line first: whoever waits for the ready line has it by then.
  if (app.mailViewerPath) {
    console.log(
      `Mail viewer (mail is stored, not sent: SMTP_URL is unset) on http://localhost:${port}${app.mailViewerPath}`,
    );
  } else if (!env.SMTP_URL) {
    console.warn('SMTP_URL is unset: mail is stored in mail_messages, not sent.');
  }
  console.log(`Shop ready on http://localhost:${port}${env.APP_PREFIX}/servicios`);
}

await main();
