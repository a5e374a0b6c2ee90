import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '@shop/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { type Env, loadEnv } from '../env.ts';
import type { PaymentGateway } from '../modules/payments/gateway.ts';
import { newSessionId, SESSION_TTL_MS, signToken } from '../modules/session/session-token.ts';
import { createTestDatabase, type TestDatabaseKind } from './db.ts';

/** A tiny SPA build: index.html with the three placeholders, one hashed asset, robots.txt. */
export const FIXTURE_WEB_DIST = fileURLToPath(new URL('./fixtures/web', import.meta.url));

/** The session secret of the test apps, so tests can sign cookies of sessions they write themselves. */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

/** The environment tests run with: fixture web build, silent logs, no rate limit, a fixed session secret. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    WEB_DIST: FIXTURE_WEB_DIST,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** What a test may add to the app it builds (buildApp's options): fake payment gateways. */
export interface TestAppOptions {
  gateways?: readonly PaymentGateway[];
}

/** The real app on a fresh migrated and seeded database of `kind`. */
export async function buildTestApp(
  kind: TestDatabaseKind,
  envOverrides: Record<string, string> = {},
  appOptions: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  try {
    const app = await buildApp({ database, env: testEnv(envOverrides), ...appOptions });
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

/**
 * buildTestApp with its own FILES_DIR (uploads, invoices, result documents) in a
 * temporary folder that `close` removes.
 */
export async function buildTestAppWithFiles(
  kind: TestDatabaseKind,
  envOverrides: Record<string, string> = {},
  appOptions: TestAppOptions = {},
): Promise<TestApp & { filesDir: string }> {
  const filesDir = await mkdtemp(path.join(tmpdir(), 'shop-files-'));
  try {
    const t = await buildTestApp(kind, { FILES_DIR: filesDir, ...envOverrides }, appOptions);
    return {
      ...t,
      filesDir,
      close: async () => {
        await t.close();
        await rm(filesDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(filesDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * A browser's view of its session: the cookie and the page's form key. Like a
 * browser, `send` keeps both up to date from every answer (the first write
 * stores the session under a new id, so both change).
 */
export interface TestSession {
  /** `sid=...`, ready for a request's cookie header. */
  cookie: string;
  formKey: string;
  config: RuntimeConfig;
}

/** The session cookie a response sets, as `sid=...`; undefined when it sets none. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const sid = response.cookies.find((c) => c.name === 'sid');
  return sid ? `sid=${sid.value}` : undefined;
}

/** Sends a request as the session's browser would (cookie, form key header) and takes its new cookie and config. */
export async function send(
  app: FastifyInstance,
  session: TestSession,
  options: InjectOptions & { formKey?: boolean },
): Promise<LightMyRequestResponse> {
  const { formKey = true, ...inject } = options;
  const response = await app.inject({
    ...inject,
    headers: {
      cookie: session.cookie,
      ...(formKey ? { 'x-form-key': session.formKey } : {}),
      ...(inject.headers ?? {}),
    },
  });
  const cookie = sessionCookieOf(response);
  if (cookie) session.cookie = cookie;
  if (response.body && response.headers['content-type']?.toString().startsWith('application/json')) {
    const config = (response.json() as { config?: RuntimeConfig }).config;
    if (config?.form_key) {
      session.config = config;
      session.formKey = config.form_key;
    }
  }
  return response;
}

/** Starts a session with GET config (optionally `?store_id=` etc.) and returns its cookie and form key. */
export async function newSession(
  app: FastifyInstance,
  query: Record<string, string> = {},
): Promise<TestSession> {
  const response = await app.inject({ method: 'GET', url: '/desktopapp/rest/config', query });
  if (response.statusCode !== 200)
    throw new Error(`GET config answered ${response.statusCode}: ${response.body}`);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('GET config set no sid cookie');
  const { config } = response.json() as { config: RuntimeConfig };
  return { cookie, formKey: config.form_key, config };
}

type SessionColumns = Partial<Omit<typeof sessions.$inferInsert, 'id'>>;

/**
 * A stored session written straight into the table, as an operator's SQL (or a
 * later feature) would, with the cookie the server would have issued for it.
 */
export async function storedSession(t: TestApp, columns: SessionColumns = {}): Promise<TestSession> {
  const id = newSessionId();
  const now = new Date();
  await t.database.db.insert(sessions).values({
    id,
    storeId: 14,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    ...columns,
  });
  const cookie = `sid=${signToken(Buffer.from(TEST_SESSION_SECRET), {
    id,
    stored: true,
    storeId: null,
    issuedAt: (columns.lastSeenAt ?? now).getTime(),
  })}`;
  const response = await t.app.inject({ url: '/desktopapp/rest/config', headers: { cookie } });
  const { config } = response.json() as { config: RuntimeConfig };
  return { cookie, formKey: config.form_key, config };
}

/** The stored session id of a cookie the server issued (`sid=s.<id>...`); null for an anonymous one. */
export function storedSessionIdOf(cookie: string): string | null {
  const match = /^sid=s\.([A-Za-z0-9_-]{43})\./.exec(cookie);
  return match?.[1] ?? null;
}
