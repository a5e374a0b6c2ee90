// Checks the production start: runs `node apps/server/dist/server.js` of the
// given checkout (default: this one) with an empty DATA_DIR (PGlite), or on
// DATABASE_URL with --postgres, checks that it is ready (/readyz) and serves the shop (the host page,
// a script it names, the API's config, a search over the seeded reference
// data) and that it stops cleanly on SIGTERM.
//
//   npm ci && npm run build && npm ci --omit=dev && node scripts/check-production.mjs
//
// Node's own modules only: it runs where the dev dependencies are not installed.
// e2e/production-start.test.ts runs it in the test suite, .ci/run after a real
// `npm ci --omit=dev`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from './server-process.mjs';

/** The documented production start (docs/operations.md), from the checkout's root. */
export const PRODUCTION_START = ['--enable-source-maps', 'apps/server/dist/server.js'];

/** Fetches `url` and fails unless it answers 200 with the given content type. */
async function expectOk(url, type) {
  const answer = await fetch(url, { headers: { accept: type } });
  const contentType = answer.headers.get('content-type') ?? '';
  if (answer.status !== 200 || !contentType.includes(type)) {
    throw new Error(`GET ${url} answered ${answer.status} ${contentType}`);
  }
  return answer.text();
}

/** Starts the built server of `root`, checks it and stops it; resolves with what it printed. */
export async function checkProduction({ root, postgres = false }) {
  const databaseUrl = process.env.DATABASE_URL;
  if (postgres && !databaseUrl) throw new Error('--postgres needs DATABASE_URL');
  const server = await startServerProcess({
    args: PRODUCTION_START,
    cwd: root,
    env: postgres ? { DATABASE_URL: databaseUrl } : {},
  });
  try {
    const { origin } = server;
    // Ready as a load balancer sees it: database migrated, job queue running.
    const ready = JSON.parse(await expectOk(`${origin}/readyz`, 'application/json'));
    if (ready?.status !== 'ok') throw new Error(`GET /readyz: ${JSON.stringify(ready)}`);
    const page = await expectOk(`${origin}${server.shopPath}`, 'text/html');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(page)?.[1];
    if (!script) throw new Error('the host page names no script');
    await expectOk(new URL(script, origin).href, 'javascript');
    const config = JSON.parse(await expectOk(`${origin}/desktopapp/rest/config`, 'application/json'));
    if (!config?.config?.store_id) throw new Error('GET config has no store_id');
    const found = JSON.parse(await expectOk(`${origin}/registros.php?app=1&term=madrid`, 'application/json'));
    if (!Array.isArray(found) || found.length === 0) throw new Error('registros.php found no municipality');
  } catch (error) {
    await server.stop('SIGKILL');
    throw new Error(
      `${error instanceof Error ? error.message : error}\n--- server output ---\n${server.output()}`,
    );
  }
  const code = await server.stop('SIGTERM');
  if (code !== 0) throw new Error(`The server exited with ${code} on SIGTERM:\n${server.output()}`);
  return server.output();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root =
    process.argv.slice(2).find((arg) => !arg.startsWith('--')) ??
    fileURLToPath(new URL('..', import.meta.url));
  const postgres = process.argv.includes('--postgres');
  const started = Date.now();
  try {
    await checkProduction({ root, postgres });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `The production start serves the shop (${postgres ? 'PostgreSQL' : 'PGlite'}, ${seconds} s).`,
    );
  } catch (error) {
    console.error(`The production start failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
