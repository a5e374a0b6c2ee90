import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, migrate, openDatabase, queryRows } from '../db/client.ts';
import { seed } from '../db/seed/index.ts';
import { buildTestApp, type TestApp, testEnv } from '../testing/app.ts';
import { createEmptyPostgres, testDatabaseKinds } from '../testing/db.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { waitFor } from '../testing/wait.ts';

describe.each(testDatabaseKinds())('health and readiness (%s)', (kind) => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind, { RATE_LIMIT_MAX: '2' });
  });
  afterAll(() => t?.close());

  it('GET /healthz answers 200 without a session cookie, never cached, and is not rate-limited', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await t.app.inject({ url: '/healthz' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'ok' });
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('GET /readyz answers 200 naming each part when the database is migrated and the queue runs', async () => {
    for (let i = 0; i < 4; i++) {
      const answer = await t.app.inject({ url: '/readyz' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', migrations: 'ok', queue: 'ok' },
      });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 503 naming the migrations when the last one of the build is not applied', async () => {
    const [row] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.database.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (!row) throw new Error('no migration recorded');
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const answer = await t.app.inject({ url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: 'unavailable', failing: ['migrations'] });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 naming the queue when the workers are stopped', async () => {
    await t.app.jobs.stop();
    try {
      const answer = await t.app.inject({ url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ failing: ['queue'], checks: { queue: 'not running' } });
    } finally {
      await t.app.jobs.start();
    }
  });

  it('writes no info line per probe', async () => {
    const app = await buildApp({
      database: t.database,
      env: testEnv({ LOG_LEVEL: 'info' }),
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    await app.ready();
    try {
      lines.length = 0;
      await app.inject({ url: '/healthz' });
      await app.inject({ url: '/readyz' });
      expect(lines.filter((l) => l.level === 30 && String(l.msg).includes('request'))).toEqual([]);
      await app.inject({ url: '/desktopapp/rest/config' });
      expect(lines.some((l) => l.msg === 'request completed')).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('GET /readyz when PostgreSQL stops (postgres)', () => {
  it('turns 503 naming the database while the connection is cut, and 200 once it is back, without a restart', async () => {
    const empty = await createEmptyPostgres();
    const target = new URL(empty.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(empty.url);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    let database: Database | undefined;
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      database = await openDatabase({ kind: 'postgres', url: through.toString(), poolSize: 3 });
      await migrate(database);
      await seed(database.db);
      app = await buildApp({ database, env: testEnv() });
      await app.ready();
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);

      proxy.cut();
      const down = await app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: 'unavailable',
        failing: expect.arrayContaining(['database']),
      });
      expect(down.json().checks.database).toMatch(/^unreachable/);
      // The process itself still answers.
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

      proxy.restore();
      await waitFor(async () => (await app?.inject({ url: '/readyz' }))?.statusCode === 200, 10_000);
    } finally {
      proxy.restore();
      await app?.close();
      await database?.close();
      await proxy.close();
      await empty.drop();
    }
  }, 60_000);
});
