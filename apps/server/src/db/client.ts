import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { installQueueSchema } from '../modules/jobs/queue.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { copyTemplateIfNew, newPglite } from './pglite.ts';
import * as schema from './schema/index.ts';

/** One database type for both drivers (STACK.md gotcha 3). */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: AppDb;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection pool (its use in /metrics, a dedicated connection for the migration lock). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined = in memory (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/**
 * PGlite has no lock against a second process on the same data dir (STACK.md
 * gotcha 4): take `<dataDir>/app.lock` holding our PID; a dead PID is stale.
 */
function takeLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'app.lock');
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${pid}. Stop that process first (PGlite allows one process per data directory).`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Names parameterised statement texts: one name per text, so a connection
 * parses and plans each text once and then only binds and executes it (ADR
 * 018). Only the first `max` distinct texts get a name; a text past the cap
 * (a list filter's `IN` of a new length, say) gets '' and runs unnamed, so
 * PostgreSQL's per-connection cache of prepared statements stays bounded.
 */
export function createStatementNamer(max: number): (text: string) => string {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined) {
      if (names.size >= max) return '';
      name = `s${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

/** The app has a few hundred query shapes. */
export const MAX_NAMED_STATEMENTS = 1000;
const statementName = createStatementNamer(MAX_NAMED_STATEMENTS);

/**
 * The pool's client: every parameterised query (what drizzle sends) runs as a
 * named prepared statement. node-postgres remembers which names each
 * connection has parsed, so the text is parsed and planned once per
 * connection; PostgreSQL then spends about a third less CPU per statement
 * (bench: 11.5 -> 8.1 ms of PostgreSQL per whole order).
 */
class StatementNamingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (config, values, callback) pass through unchanged
  override query(config: any, values?: any, callback?: any): any {
    // A query without parameters may carry several statements (db/commit-with.ts): each counts.
    const text = typeof config === 'string' ? config : config?.text;
    const simple = !(Array.isArray(values) && values.length > 0) && typeof text === 'string';
    statementsSent.count += simple ? text.split(STATEMENT_SEPARATOR).length : 1;
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      !config.name &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementName(config.text);
      if (name) config = { ...config, name };
    }
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return (super.query as any)(config, values, callback);
  }
}

/** How db/commit-with.ts separates the statements of one query (what counts them splits on it). */
export const STATEMENT_SEPARATOR = ';\n';

/** Statements this process has sent to PostgreSQL (every pool client's query; /metrics `shop_db_statements_total`). */
export const statementsSent = { count: 0 };

/** Opens PGlite (embedded) or PostgreSQL; does not migrate. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      Client: StatementNamingClient,
    });
    let closing = false;
    // An idle connection that dies (server restart, failover) is reported on the pool; without a
    // listener that would crash the process. The pool replaces it; after close() it is expected.
    pool.on('error', (err) => {
      if (!closing) console.error('PostgreSQL idle connection error:', err.message);
    });
    const db = drizzlePg(pool, { schema }) as unknown as AppDb;
    return {
      db,
      kind: 'postgres',
      pool,
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  const release = opts.dataDir ? takeLock(opts.dataDir) : () => {};
  try {
    // A new data directory starts as a copy of the build's template (no initdb in the server).
    if (opts.dataDir && !opts.loadDataDir) copyTemplateIfNew(opts.dataDir);
    const client = newPglite({
      ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as AppDb;
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Applies the committed migrations (drizzle-kit generated SQL), then pg-boss's schema (ADR 010). */
export async function migrate(database: Database): Promise<void> {
  await migrateTables(database);
  await installQueueSchema(database);
}

async function migrateTables(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver's own type
    await migratePg(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver's own type
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  }
}

/** `db.execute()` gives `{ rows }` on both drivers; cast once here. */
export async function queryRows<T>(db: AppDb, query: Parameters<AppDb['execute']>[0]): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
