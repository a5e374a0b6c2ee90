import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { type Database, migrate, openDatabase } from './db/client.ts';
import { stores } from './db/schema/index.ts';
import { seed } from './db/seed/index.ts';
import { type Env, loadEnv } from './env.ts';
import { invoicingProductionProblems, storeInvoicingProblems } from './modules/invoices/production-check.ts';
import { MAIL_VIEWER_PATH, mailViewerEnabled } from './modules/mail/mail.plugin.ts';

/**
 * `npm start`: open the database (PGlite under DATA_DIR, or PostgreSQL when
 * DATABASE_URL is set), migrate, seed, listen, and shut down cleanly on
 * SIGINT / SIGTERM so a restart finds the data intact.
 */
async function main(): Promise<void> {
  let env: Env;
  let database: Database;
  try {
    env = loadEnv();
    // Production refuses unsafe invoicing settings (issue 18): say what to set, exit 1.
    const problems = invoicingProductionProblems(env);
    if (problems.length > 0) throw new Error(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
    database = env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
  } catch (err) {
    // Bad environment or a data dir locked by another live process: say so plainly and stop.
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    // The signal may arrive twice (terminal + npm start forwarding it): the first one wins.
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    try {
      await app?.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      console.error('shutdown failed', err);
      process.exit(1);
    }
  };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await migrate(database);
    // Adds what is missing; stores and products an operator edited stay as they are.
    await seed(database.db);
    // The stores' own issuers and countries (issue 18): a store invoicing from Spain needs VERI*FACTU.
    const storeProblems = storeInvoicingProblems(env, await database.db.select().from(stores));
    if (storeProblems.length > 0)
      throw new Error(`Refusing to start in production:\n  ${storeProblems.join('\n  ')}`);
    app = await buildApp({ database, env });
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    console.error('Could not start the server:', err);
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
  if (stopping) return;
  const { port } = app.server.address() as AddressInfo;
  console.log(`Shop ready on http://localhost:${port}${env.APP_PREFIX}/servicios`);
  if (mailViewerEnabled(env)) {
    console.log(
      `Mail viewer (mail is stored, not sent: SMTP_URL is unset) on http://localhost:${port}${MAIL_VIEWER_PATH}`,
    );
  } else if (!env.SMTP_URL) {
    console.warn('SMTP_URL is unset: mail is stored in mail_messages, not sent.');
  }
}

await main();
