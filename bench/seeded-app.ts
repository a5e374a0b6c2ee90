import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { type Env, loadEnv } from '../apps/server/src/env.ts';

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/** The p-th percentile of ascending `sorted` times (0 for none). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * The real app on a new PGlite database (migrated, seeded with the full
 * reference data) for `use`, timed through app.inject so the network is left
 * out; the database and its folder are removed afterwards.
 */
export async function withSeededApp<T>(
  webDist: string,
  use: (app: BenchApp, env: Env) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(database);
    await seed(database.db);
    const env = loadEnv({ DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0' });
    const app = await buildApp({ database, env });
    try {
      return await use(app, env);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
