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

export interface Target {
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

/**
 * A throw-away database created next to `url`'s: its URL, and drop() once
 * nothing uses it any more.
 */
export async function createScratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${name}`;
  return {
    url: scratchUrl.toString(),
    drop: async () => {
      try {
        await dropWhenFree(admin, name);
      } finally {
        await admin.end();
      }
    },
  };
}

/** A throw-away database created next to DATABASE_URL's and dropped afterwards. */
export function postgresTarget(url: string): Target {
  return {
    label: 'PostgreSQL',
    async open() {
      const scratch = await createScratchDatabase(url);
      const database = await openDatabase({ kind: 'postgres', url: scratch.url });
      return { database, dispose: scratch.drop };
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

/** What one load run asks: a path under the API and the visitor it comes from. */
export interface Endpoint {
  name: string;
  path: string;
  /** 'visitor': a returning browser whose session stored nothing; 'cart': a session with two items in its cart. */
  session: 'visitor' | 'cart';
}

export const ENDPOINTS: Endpoint[] = [
  { name: 'GET config', path: '/desktopapp/rest/config', session: 'visitor' },
  { name: 'GET cart', path: '/desktopapp/rest/cart', session: 'cart' },
];

export const NOTA_SIMPLE = {
  quiere_una_ns: true,
  conoce_nombre_propietario: true,
  nombre: 'Ana Pérez García',
  direccion: 'Calle Mayor 1, 2º B',
  municipio: 'Madrid',
  provincia: 'Madrid',
  step1: true,
  step2: true,
  step3: true,
  step4: true,
  step5: true,
  step6: true,
};

/** What a browser's fetch sends besides the cookie: the answers come back compressed, as in real use. */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

/** A browser's session: the cookie of a first GET config, then (for 'cart') two Nota Simple items added. */
async function startSession(base: string, kind: Endpoint['session']): Promise<Record<string, string>> {
  const first = await fetch(`${base}/desktopapp/rest/config`);
  if (!first.ok) throw new Error(`GET config answered ${first.status}`);
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('GET config set no cookie');
  if (kind === 'cart') {
    const { config } = (await first.json()) as { config: { form_key: string } };
    for (const direccion of ['Calle Mayor 1, 2º B', 'Calle Sol 2']) {
      const added = await fetch(`${base}/desktopapp/rest/addns`, {
        method: 'POST',
        headers: { cookie, 'x-form-key': config.form_key, 'content-type': 'application/json' },
        body: JSON.stringify({ form: { ...NOTA_SIMPLE, direccion } }),
      });
      if (!added.ok) throw new Error(`addns answered ${added.status}: ${await added.text()}`);
    }
  }
  return { cookie, ...BROWSER_HEADERS };
}

/**
 * The real app (buildApp on a migrated, seeded database of `target`, its job
 * workers running) listening on a loopback port for `work`, then closed, its
 * database disposed and its temporary DATA_DIR removed.
 */
export async function withListeningApp<T>(
  target: Target,
  webDist: string,
  work: (app: { base: string; database: Database }) => Promise<T>,
): Promise<T> {
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
      return await work({ base: `http://127.0.0.1:${address.port}`, database });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Loads each endpoint of the real app (buildApp on a migrated, seeded
 * database) at a fixed rate, the way a browser calls it: with its session
 * cookie. autocannon runs in a worker thread so it does not share the
 * server's event loop; at a fixed rate it corrects for coordinated omission,
 * so a server that falls behind shows in p99, not only in the throughput.
 */
export async function loadEndpoints(
  target: Target,
  webDist: string,
  { seconds, rate, endpoints = ENDPOINTS }: { seconds: number; rate: number; endpoints?: Endpoint[] },
): Promise<LoadFigures[]> {
  return withListeningApp(target, webDist, async ({ base }) => {
    const figures: LoadFigures[] = [];
    for (const endpoint of endpoints) {
      const headers = await startSession(base, endpoint.session);
      const options = { url: `${base}${endpoint.path}`, connections: 20, workers: 1, headers };
      await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, pool
      const result: Result = await autocannon({ ...options, duration: seconds, overallRate: rate });
      figures.push({
        label: `${endpoint.name}, ${target.label}`,
        p50: result.latency.p50,
        p99: result.latency.p99,
        // Answers over the run's real length (the per-second average counts a partial last second).
        requestsPerSecond: result.requests.total / result.duration,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    }
    return figures;
  });
}
