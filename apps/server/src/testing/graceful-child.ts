// A server process for graceful-stop.test.ts: the real app (buildApp) on an
// in-memory PGlite, plus a slow route and a slow job, stopped by the same
// installGracefulStop server.ts uses. Prints `listening <port>` when ready,
// `in-flight <n>` as slow requests arrive, `job done` when the slow job ends.
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { installGracefulStop } from '../graceful-stop.ts';
import { enqueue } from '../modules/jobs/queue.ts';
import { createTestDatabase } from './db.ts';

const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0' });
const database = await createTestDatabase('pglite');
const app = await buildApp({ database, env });
installGracefulStop({ app: () => app, database, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });

let inFlight = 0;
app.get('/test-slow', async (request) => {
  const ms = Number((request.query as { ms?: string }).ms ?? 1000);
  inFlight++;
  console.log(`in-flight ${inFlight}`);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { ok: true, ms };
});
await app.jobs.work<{ ms: number }>('test.slow', async ({ ms }) => {
  console.log('job started');
  await new Promise((resolve) => setTimeout(resolve, ms));
  console.log('job done');
});
app.post('/test-job', async (request) => {
  const ms = Number((request.query as { ms?: string }).ms ?? 1000);
  await app.db.transaction((tx) => enqueue(tx, 'test.slow', { ms }));
  app.jobs.nudge('test.slow');
  return { ok: true };
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
