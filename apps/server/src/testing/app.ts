import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { type Env, loadEnv } from '../env.ts';
import { formKeyFor, SESSION_TTL_MS } from '../modules/session/session-ids.ts';
import { createTestDatabase, type TestDatabaseKind } from './db.ts';

/** A tiny SPA build: index.html with the three placeholders, one hashed asset, robots.txt. */
export const FIXTURE_WEB_DIST = fileURLToPath(new URL('./fixtures/web', import.meta.url));

/** The environment tests run with: fixture web build, silent logs, no rate limit. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({ WEB_DIST: FIXTURE_WEB_DIST, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0', ...overrides });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh migrated and seeded database of `kind`. */
export async function buildTestApp(
  kind: TestDatabaseKind,
  envOverrides: Record<string, string> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  try {
    const app = await buildApp({ database, env: testEnv(envOverrides) });
    await app.ready();
    return {
      app,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

export interface TestSession {
  /** `sid=...`, ready for a request's cookie header. */
  cookie: string;
  formKey: string;
  config: RuntimeConfig;
}

/** Starts a session with GET config (optionally `?store_id=` etc.) and returns its cookie and form key. */
export async function newSession(
  app: FastifyInstance,
  query: Record<string, string> = {},
): Promise<TestSession> {
  const response = await app.inject({ method: 'GET', url: '/desktopapp/rest/config', query });
  if (response.statusCode !== 200)
    throw new Error(`GET config answered ${response.statusCode}: ${response.body}`);
  const sid = response.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error('GET config set no sid cookie');
  const { config } = response.json() as { config: RuntimeConfig };
  return { cookie: `sid=${sid.value}`, formKey: config.form_key, config };
}

/** The session id a `sid=...` cookie carries. */
export const sessionIdOf = (cookie: string) => cookie.slice('sid='.length);

type SessionColumns = Partial<Omit<typeof sessions.$inferInsert, 'id'>>;

/**
 * Writes a session's row straight into the table, as an operator's SQL would
 * (creating it while the session is still anonymous), then tells the app to
 * forget its cached copy, as such tools must.
 */
export async function writeSession(t: TestApp, cookie: string, columns: SessionColumns): Promise<void> {
  const id = sessionIdOf(cookie);
  await t.database.db
    .insert(sessions)
    .values({
      id,
      csrfToken: formKeyFor(id),
      storeId: 14,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      ...columns,
    })
    .onConflictDoUpdate({ target: sessions.id, set: columns });
  t.app.sessions.forget(id);
}
