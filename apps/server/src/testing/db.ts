import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Database, migrate, openDatabase } from '../db/client.ts';
import { seed } from '../db/seed/index.ts';
import { buildPgliteTemplate, TEMPLATE_ENV } from './db-templates.ts';
import { withPgClient } from './pg-client.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The run's template (db-templates.ts, the server project's globalSetup), else one built here. */
async function loadPgliteTemplate(): Promise<Blob> {
  const file = process.env[TEMPLATE_ENV.pglite];
  return file ? new Blob([await readFile(file)]) : buildPgliteTemplate();
}

async function createPglite(): Promise<Database> {
  pgliteTemplate ??= loadPgliteTemplate();
  let template: Blob;
  try {
    template = await pgliteTemplate;
  } catch (err) {
    pgliteTemplate = undefined;
    throw err;
  }
  return openDatabase({ kind: 'pglite', loadDataDir: template });
}

/** A new, empty database `test_<random>` on TEST_DATABASE_URL's server: its URL, and how to drop it. */
export async function createEmptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withPgClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withPgClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * A new database `test_<random>` on TEST_DATABASE_URL's server, migrated and
 * seeded (a copy of the run's template when there is one); close() drops it.
 */
async function createPostgres(): Promise<Database & { url: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = process.env[TEMPLATE_ENV.postgres];
  await withPgClient(adminUrl, (c) =>
    c.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () => withPgClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  } catch (err) {
    await drop();
    throw err;
  }
  try {
    if (!template) {
      await migrate(database);
      await seed(database.db);
    }
  } catch (err) {
    await database.close();
    await drop();
    throw err;
  }
  return {
    db: database.db,
    kind: 'postgres',
    url: url.toString(),
    ...(database.pool ? { pool: database.pool } : {}),
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/**
 * A fresh, migrated and seeded database that no other test file sees.
 * Call `close()` when done (PostgreSQL: drops the database).
 */
export function createTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  return kind === 'pglite' ? createPglite() : createPostgres();
}

/** A fresh PostgreSQL test database and its URL (for apps that open their own connections to it). */
export const createTestPostgres = createPostgres;
