import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { queryRows } from '../db/client.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/** A check that takes longer than this fails (a database that stopped answering, not one that refused). */
export const READY_CHECK_TIMEOUT_MS = 2_000;

type Check = 'ok' | string;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

/** Probes: no session, no rate limit, no info log line per probe, never cached. */
const PROBE = { logLevel: 'warn' } as const;

function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store');
}

/**
 * GET /healthz: the process answers (no database). GET /readyz: the database
 * answers, holds the last migration this build ships, and the job queue runs;
 * otherwise 503 naming the failing part (docs/operations.md "Health").
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // The newest migration this build ships: the migrator records its journal time as created_at.
  const latest = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).at(-1)?.folderMillis ?? 0;

  app.get('/healthz', PROBE, async (_request, reply) => {
    noStore(reply);
    return { status: 'ok' };
  });

  app.get('/readyz', PROBE, async (_request, reply) => {
    const checks: Record<'database' | 'migrations' | 'queue', Check> = {
      database: 'ok',
      migrations: 'ok',
      queue: app.jobs.running ? 'ok' : 'not running',
    };
    try {
      const [row] = await within(
        READY_CHECK_TIMEOUT_MS,
        queryRows<{ applied: string | number | null }>(
          app.db,
          sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
        ),
      );
      const applied = Number(row?.applied ?? 0);
      if (applied < latest) checks.migrations = 'behind: the last migration of this build is not applied';
    } catch (err) {
      checks.database = `unreachable: ${reason(err)}`;
      checks.migrations = 'unknown';
    }
    const failing = Object.entries(checks)
      .filter(([, value]) => value !== 'ok')
      .map(([name]) => name);
    noStore(reply);
    if (failing.length > 0) return reply.code(503).send({ status: 'unavailable', failing, checks });
    return { status: 'ok', checks };
  });
}
