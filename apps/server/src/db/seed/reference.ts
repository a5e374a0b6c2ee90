import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { REFERENCE_DIR } from '../../paths.ts';
import type { AppDb } from '../client.ts';
import {
  esMunicipalities,
  esProvinces,
  ptConcelhos,
  ptDistritos,
  ptFreguesias,
  ptFreguesias2013,
} from '../schema/index.ts';
import { upsert } from './upsert.ts';

/** One reference table and the JSON file (apps/server/src/db/reference) that fills it. */
export interface ReferenceSource {
  file: string;
  table: PgTable;
  /** Rows the file holds (reference/README.md). */
  expectedRows: number;
}

export const referenceSources: ReferenceSource[] = [
  { file: 'es-provinces.json', table: esProvinces, expectedRows: 52 },
  { file: 'es-municipalities.json', table: esMunicipalities, expectedRows: 8132 },
  { file: 'pt-distritos.json', table: ptDistritos, expectedRows: 29 },
  { file: 'pt-concelhos.json', table: ptConcelhos, expectedRows: 308 },
  { file: 'pt-freguesias.json', table: ptFreguesias, expectedRows: 3259 },
  { file: 'pt-freguesias-2013.json', table: ptFreguesias2013, expectedRows: 3092 },
];

async function readRows(file: string): Promise<Record<string, unknown>[]> {
  return JSON.parse(await readFile(path.join(REFERENCE_DIR, file), 'utf8')) as Record<string, unknown>[];
}

/** Keeps only the keys the table has (the JSON carries a few extra, e.g. controlDigit). */
function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = row[key];
  return out;
}

export async function countRows(db: AppDb, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

/**
 * Loads one reference table in batches of 500. Skipped when the table already
 * holds exactly the file's rows; otherwise rows are upserted by primary key.
 */
async function seedReferenceTable(db: AppDb, source: ReferenceSource): Promise<void> {
  if ((await countRows(db, source.table)) === source.expectedRows) return;
  const keys = Object.keys(getTableColumns(source.table));
  const rows = (await readRows(source.file)).map((row) => pick(row, keys));
  if (rows.length !== source.expectedRows) {
    throw new Error(`${source.file}: expected ${source.expectedRows} rows, found ${rows.length}`);
  }
  await upsert(db, source.table, rows, { batch: 500 });
}

/** Loads every INE / CAOP reference table. */
export async function seedReference(db: AppDb): Promise<void> {
  for (const source of referenceSources) await seedReferenceTable(db, source);
}
