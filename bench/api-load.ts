import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { loadEnv } from '../apps/server/src/env.ts';

export interface LoadFigures {
  label: string;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Non-2xx answers, errors and timeouts: any of them makes the run invalid. */
  failures: number;
}

interface Target {
  label: string;
  /** Opens an empty database; `dataDir` is the run's own temporary DATA_DIR. */
  open(dataDir: string): Promise<{ database: Database; dispose(): Promise<void> }>;
}

/** A fresh PGlite database in the run's temporary data dir. */
export function pgliteTarget(): Target {
  return {
    label: 'PGlite',
    async open(dataDir) {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      return { database, dispose: async () => {} };
    },
  };
}

/** A throw-away database created next to DATABASE_URL's and dropped afterwards. */
export function postgresTarget(url: string): Target {
  return {
    label: 'PostgreSQL',
    async open() {
      const name = `shop_bench_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const benchUrl = new URL(url);
      benchUrl.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: benchUrl.toString() });
      return {
        database,
        dispose: async () => {
          try {
            await dropWhenFree(admin, name);
          } finally {
            await admin.end();
          }
        },
      };
    },
  };
}

/**
 * The pool's connections close a moment after `pool.end()` resolves; dropping
 * WITH (FORCE) then would kill them mid-goodbye, so retry a plain DROP.
 */
async function dropWhenFree(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006: the database is being accessed by other users.
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Loads GET /desktopapp/rest/config of the real app (buildApp on a migrated,
 * seeded database) with a returning visitor's session cookie. autocannon runs
 * in a worker thread so it does not share the server's event loop.
 */
export async function loadConfigEndpoint(
  target: Target,
  webDist: string,
  seconds: number,
): Promise<LoadFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const { database, dispose } = await target.open(dataDir);
  try {
    await migrate(database);
    await seed(database.db);
    const env = loadEnv({ DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0' });
    const app = await buildApp({ database, env });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('The app is not listening on a port.');
      const url = `http://127.0.0.1:${address.port}/desktopapp/rest/config`;
      const first = await fetch(url);
      if (!first.ok) throw new Error(`GET config answered ${first.status}`);
      const cookie = first.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const options = { url, connections: 20, workers: 1, headers };
      await autocannon({ ...options, duration: 1 }); // warm-up: JIT, caches, pool
      const result: Result = await autocannon({ ...options, duration: seconds });
      return {
        label: target.label,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requestsPerSecond: result.requests.average,
        failures: result.non2xx + result.errors + result.timeouts,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
