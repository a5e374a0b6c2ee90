import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { type AppDb, type Database, migrate, openDatabase } from '../db/client.ts';
import { newPglite } from '../db/pglite.ts';
import * as schema from '../db/schema/index.ts';
import { seed } from '../db/seed/index.ts';
import { withPgClient } from './pg-client.ts';

/**
 * The migrated and seeded databases every test database is copied from, built
 * once per `vitest run` (the server project's globalSetup) rather than once
 * per test file: migrating and seeding took 2-10 s a file, several minutes of
 * the suite. PGlite: a dump of its data dir in a file; PostgreSQL: a template
 * database that `CREATE DATABASE … TEMPLATE` copies (ADR 038).
 *
 * The test files find the templates in environment variables, which the
 * test workers and the processes tests start (graceful-stop, several
 * instances) inherit. vitest's `provide`/`inject` reaches the workers only.
 */
export const TEMPLATE_ENV = {
  /** A file holding PGlite's `dumpDataDir()` of a migrated, seeded database. */
  pglite: 'TEST_PGLITE_TEMPLATE',
  /** The name of a migrated, seeded database on TEST_DATABASE_URL's server, used as a template. */
  postgres: 'TEST_POSTGRES_TEMPLATE',
} as const;

/** Migrates and seeds one in-memory PGlite and dumps its data dir (STACK.md gotcha 7). */
export async function buildPgliteTemplate(): Promise<Blob> {
  const client = newPglite();
  await client.waitReady;
  try {
    const database: Database = {
      db: drizzlePglite(client, { schema }) as unknown as AppDb,
      kind: 'pglite',
      close: () => client.close(),
    };
    await migrate(database);
    await seed(database.db);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function pgliteTemplate(dir: string): Promise<string> {
  const file = path.join(dir, 'pglite-template.tar');
  writeFileSync(file, Buffer.from(await (await buildPgliteTemplate()).arrayBuffer()));
  return file;
}

/** A migrated, seeded database on the server of `adminUrl` (TEST_DATABASE_URL), to copy from. */
export async function postgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  // The creating process's id in the name: a run that was killed leaves its template behind,
  // and the next run drops the templates of processes that have gone.
  const name = `test_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const drop = () =>
    withPgClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {});
  await dropOrphanTemplates(adminUrl);
  await withPgClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      await migrate(database);
      await seed(database.db);
    } finally {
      // A template must have no connection open while it is copied.
      await database.close();
    }
  } catch (err) {
    await drop();
    throw err;
  }
  return { name, drop };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropOrphanTemplates(adminUrl: string): Promise<void> {
  await withPgClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%'",
    );
    for (const { datname } of rows) {
      const pid = Number(/^test_template_(\d+)_/.exec(datname)?.[1]);
      if (pid && !alive(pid)) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  });
}

/** vitest globalSetup: builds the templates and names them in the environment (TEMPLATE_ENV). */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-db-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([
    pgliteTemplate(dir),
    adminUrl ? postgresTemplate(adminUrl) : Promise.resolve(undefined),
  ]);
  process.env[TEMPLATE_ENV.pglite] = pglite;
  if (postgres) process.env[TEMPLATE_ENV.postgres] = postgres.name;
  return async () => {
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
