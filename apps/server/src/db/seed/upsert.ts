import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppDb } from '../client.ts';

export interface UpsertOptions {
  /** Insert missing rows only; leave existing rows as they are (e.g. edited by an operator). */
  keepExisting?: boolean;
  /** Extra assignments when a row changes, e.g. a version bump. */
  onChange?: Record<string, SQL>;
  /** Rows per statement. */
  batch?: number;
}

/**
 * Upserts rows by the table's primary key. A row is only rewritten when one of
 * the given columns differs (IS DISTINCT FROM), so seeding twice changes nothing.
 */
export async function upsert<T extends PgTable>(
  db: AppDb,
  table: T,
  rows: T['$inferInsert'][],
  opts: UpsertOptions = {},
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const primary = Object.values(columns).find((c) => c.primary);
  if (!primary) throw new Error('upsert: the table has no primary key');
  const keys = Object.keys(rows[0] as object).filter((k) => columns[k] && !columns[k].primary);
  const names = keys.map((k) => `"${columns[k]?.name}"`);
  const set: Record<string, SQL> = { ...opts.onChange };
  for (const [i, key] of keys.entries()) set[key] = sql.raw(`excluded.${names[i]}`);
  const tableName = sql.raw(`"${getTableName(table)}"`);
  const current = sql.join(
    names.map((n) => sql`${tableName}.${sql.raw(n)}`),
    sql`, `,
  );
  const incoming = sql.raw(names.map((n) => `excluded.${n}`).join(', '));
  const setWhere = sql`(${current}) IS DISTINCT FROM (${incoming})`;
  const size = opts.batch ?? 500;
  for (let i = 0; i < rows.length; i += size) {
    const insert = db.insert(table).values(rows.slice(i, i + size));
    if (opts.keepExisting || keys.length === 0) await insert.onConflictDoNothing({ target: primary });
    else await insert.onConflictDoUpdate({ target: primary, set, setWhere });
  }
}
