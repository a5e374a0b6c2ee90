import path from 'node:path';
import { ROOT } from '../../scripts/build.mjs';
import { startServerProcess } from '../../scripts/server-process.mjs';
import { SEEDED_DATA_DIR_ENV } from './seeded-data-dir.ts';

export interface RunningServer {
  /** e.g. http://localhost:41234 */
  origin: string;
  /** The mail viewer's URL the start-up banner printed (`{origin}/dev/mail/<random token>`). */
  mailViewer: string;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  /** SIGINT, wait for the exit, remove the data dir; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the real shop the way a person does, `node scripts/start.mjs` (which
 * builds the web app and the server if they are stale, then runs the built
 * server), on a free port (PORT=0) with a temporary DATA_DIR (PGlite): a copy
 * of the run's seeded one when the globalSetup made it, else empty; and waits
 * for its ready line.
 */
export async function startServer({ timeoutMs = 170_000, env = {} as Record<string, string> } = {}) {
  const server = await startServerProcess({
    args: [path.join(ROOT, 'scripts/start.mjs')],
    cwd: ROOT,
    env: { RATE_LIMIT_MAX: '0', ...env },
    timeoutMs,
    ...(process.env[SEEDED_DATA_DIR_ENV] ? { seedFrom: process.env[SEEDED_DATA_DIR_ENV] } : {}),
  });
  const viewerPath = /Mail viewer .* on http:\/\/[^\s/]+(\/dev\/mail\/[A-Za-z0-9_-]+)/.exec(
    server.output(),
  )?.[1];
  return {
    origin: server.origin,
    mailViewer: `${server.origin}${viewerPath ?? '/dev/mail/banner-named-no-viewer'}`,
    output: server.output,
    stop: () => server.stop(),
  } satisfies RunningServer;
}
