import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/build.mjs';
import { startServerProcess } from '../../scripts/server-process.mjs';

/** Where `startServer` finds the data dir each e2e shop starts as a copy of. */
export const SEEDED_DATA_DIR_ENV = 'E2E_SEEDED_DATA_DIR';

/**
 * The e2e project's globalSetup: starts the shop once the way `npm start`
 * does (building it if stale), on a new DATA_DIR, and stops it. Each e2e file's
 * shop then starts on a copy of that migrated and seeded database (a restart,
 * as after a deploy) instead of migrating and seeding a new one: about 4 s a
 * file (ADR 038). `e2e/production-start.test.ts` still starts on an empty one.
 */
export default async function setup(): Promise<() => void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-seeded-'));
  const server = await startServerProcess({
    args: [path.join(ROOT, 'scripts/start.mjs')],
    cwd: ROOT,
    env: { RATE_LIMIT_MAX: '0' },
    dataDir,
    // A fresh clone builds the web app and the server first.
    timeoutMs: 600_000,
  });
  const code = await server.stop();
  if (code !== 0) throw new Error(`The seeding start exited with ${code}:\n${server.output()}`);
  process.env[SEEDED_DATA_DIR_ENV] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
