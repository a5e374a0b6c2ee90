import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, statementsSent } from '../db/client.ts';
import type { Env } from '../env.ts';
import { QUEUE_SCHEMA } from '../modules/jobs/queue.ts';
import { AppError } from './app-error.ts';

export const METRICS_PATH = '/metrics';

/** What the app counts besides what the database holds (modules call these). */
export interface AppMetrics {
  readonly registry: Registry;
  /** METRICS_TOKEN: GET /metrics on the app's port exists only when it is set. */
  readonly token: string | undefined;
  /** A gateway notice this instance applied: the gateway ('sandbox', 'stripe', …) and its outcome ('paid', 'failed', 'refunded'). */
  paymentOutcome(gateway: string, outcome: string): void;
  /** The address of the METRICS_PORT listener once it listens (tests). */
  portAddress(): AddressInfo | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** A database figure that does not come within this is left out of the scrape. */
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

/** Sums of one query, `{ labels..., n }` rows, as a gauge's values (reset first: a state that empties disappears). */
async function fill(gauge: Gauge, rows: Promise<Record<string, unknown>[]>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SCRAPE_QUERY_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([rows, timeout]);
    gauge.reset();
    if (!found) return;
    for (const { n, ...labels } of found) gauge.set(labels as Record<string, string>, Number(n));
  } catch {
    // The database is down: /readyz says so; the scrape still answers with the process's figures.
    gauge.reset();
  } finally {
    clearTimeout(timer);
  }
}

/** Bearer token check in constant time (both sides hashed to one length first). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b) && given.length > 0;
}

/**
 * Prometheus metrics (prom-client, ADR 024): request durations by route
 * pattern and status, the process's default figures, and, read from the
 * database at each scrape (so every instance reports the deployment's
 * totals), orders, payments by method and status, mails by status, jobs by
 * queue and state, plus this instance's pool use. Served at GET /metrics with
 * METRICS_TOKEN (Bearer), and/or on a second listener at METRICS_PORT; with
 * neither, /metrics does not exist (404).
 */
export const metricsPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const paymentOutcomes = new Counter({
      name: 'shop_payment_outcomes_total',
      help: 'Gateway payment notices this instance applied, by gateway and outcome',
      labelNames: ['gateway', 'outcome'],
      registers: [registry],
    });
    new Counter({
      name: 'shop_db_statements_total',
      help: 'Statements this instance sent to PostgreSQL (BEGIN and COMMIT included; not counted on PGlite)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(statementsSent.count);
      },
    });
    const database = app.database;
    const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => Promise<void>) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          await collect(this);
        },
      });
    gauge('shop_orders', 'Orders in the database by status (placed = all of them)', ['status'], (g) =>
      fill(g, queryRows(app.db, sql`select status, count(*) as n from orders group by status`)),
    );
    gauge('shop_payments', 'Payments in the database by method and status', ['method', 'status'], (g) =>
      fill(
        g,
        queryRows(app.db, sql`select method, status, count(*) as n from payments group by method, status`),
      ),
    );
    gauge('shop_mails', 'Mails by status (sent, stored, queued, failed)', ['status'], (g) =>
      fill(g, queryRows(app.db, sql`select status, count(*) as n from mail_messages group by status`)),
    );
    gauge(
      'shop_jobs',
      'Background jobs by queue and state (created and retry = waiting; failed = given up)',
      ['queue', 'state'],
      (g) =>
        fill(
          g,
          queryRows(
            app.db,
            sql`select name as queue, state::text as state, count(*) as n from ${sql.identifier(QUEUE_SCHEMA)}.job group by name, state`,
          ),
        ),
    );
    if (database.pool) {
      const pool = database.pool;
      gauge(
        'shop_db_pool_connections',
        'This instance’s PostgreSQL pool: total, idle and waiting clients',
        ['state'],
        async (g) => {
          g.set({ state: 'total' }, pool.totalCount);
          g.set({ state: 'idle' }, pool.idleCount);
          g.set({ state: 'waiting' }, pool.waitingCount);
        },
      );
    }

    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        {
          method: request.method,
          // The pattern (`/desktopapp/rest/pedidos/:id`), never the raw URL; unmatched URLs share one label.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    let portServer: http.Server | null = null;
    if (env.METRICS_PORT !== undefined) {
      const port = env.METRICS_PORT;
      // Only /metrics, on its own port (firewalled to the scraper); METRICS_TOKEN, when set, is asked there too.
      portServer = http.createServer((req, res) => {
        void (async () => {
          const path = (req.url ?? '').split('?')[0];
          if (req.method !== 'GET' || path !== METRICS_PATH) {
            res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
            return;
          }
          if (env.METRICS_TOKEN && !tokenMatches(req.headers.authorization, env.METRICS_TOKEN)) {
            res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end('unauthorized');
            return;
          }
          const body = await registry.metrics();
          res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body);
        })().catch((err: unknown) => {
          app.log.error({ err }, 'metrics scrape failed');
          if (!res.headersSent) res.writeHead(500).end();
        });
      });
      const listening = portServer;
      // Listening from onReady: `listen()` resolves once it listens too (onListen hooks run unawaited).
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          listening.once('error', reject);
          listening.listen(port, env.HOST, () => resolve());
        });
      });
      app.addHook('onClose', async () => {
        if (listening.listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
      });
    }

    app.decorate('metrics', {
      registry,
      token: env.METRICS_TOKEN,
      paymentOutcome: (gateway: string, outcome: string) => paymentOutcomes.inc({ gateway, outcome }),
      portAddress: () => (portServer?.listening ? (portServer.address() as AddressInfo) : null),
    } satisfies AppMetrics);
  },
  { name: 'metrics', dependencies: ['database'] },
);

/**
 * GET /metrics on the app's own port, with `Authorization: Bearer METRICS_TOKEN`
 * (registered after the error handler, so a 401 answers in the shop's error format).
 */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const { registry, token } = app.metrics;
  if (!token) return;
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthorized', 'unauthorized');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
