import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase, queryRows } from '../../db/client.ts';
import { testEnv } from '../../testing/app.ts';
import { createTestDatabase, createTestPostgres, testDatabaseKinds } from '../../testing/db.ts';
import { waitFor } from '../../testing/wait.ts';
import { CLEANUP_CRON, CLEANUP_JOB } from './maintenance.plugin.ts';

const schedulesOf = (app: FastifyInstance) =>
  queryRows<{ name: string; cron: string; timezone: string }>(
    app.db,
    sql`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = ${CLEANUP_JOB}`,
  );

describe.each(testDatabaseKinds())('the hourly clean-up as a pg-boss schedule (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({ database, env: testEnv() });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is scheduled hourly (UTC) in the database, and its job runs the clean-up', async () => {
    expect(await schedulesOf(app)).toEqual([{ name: CLEANUP_JOB, cron: CLEANUP_CRON, timezone: 'UTC' }]);
    const id = await app.jobs.boss.send(CLEANUP_JOB, {});
    await waitFor(async () => {
      const [job] = await queryRows<{ state: string }>(
        app.db,
        sql`SELECT state FROM pgboss.job WHERE id = ${id}`,
      );
      return job?.state === 'completed';
    }, 20_000);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two instances on one PostgreSQL', () => {
  let database: Database & { url: string };
  let second: Database;
  let apps: FastifyInstance[];
  beforeAll(async () => {
    database = await createTestPostgres();
    second = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 3 });
    apps = await Promise.all([
      buildApp({ database, env: testEnv() }),
      buildApp({ database: second, env: testEnv() }),
    ]);
    await Promise.all(apps.map((a) => a.ready()));
  }, 60_000);
  afterAll(async () => {
    for (const a of apps) await a?.close();
    await second?.close();
    await database?.close();
  });

  it('keep one schedule between them: the deployment cleans up once an hour, not once per instance', async () => {
    const [one] = apps;
    if (!one) throw new Error('no app');
    expect(await schedulesOf(one)).toHaveLength(1);
  });
});
