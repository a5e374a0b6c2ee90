// Starts the shop in a child process on a free port with an empty temporary
// DATA_DIR and waits for its ready line. Used by the e2e harness (through
// `npm start`'s script), the production check and the memory benchmark.
// Node's own modules only: it runs where the dev dependencies are not installed.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const READY = /Shop ready on (http:\/\/[^\s/]+)(\/\S*)/;

/**
 * Runs `node <args>` in `cwd` with the caller's environment (less
 * DATABASE_URL and NODE_OPTIONS, unless `env` sets them) plus PORT=0,
 * HOST=127.0.0.1, a new DATA_DIR and LOG_LEVEL=warn, and resolves once it
 * prints `Shop ready on …`. Rejects with everything it printed when it exits
 * first or is not ready in time. `onSpawn(pid)` is called as soon as it runs.
 * `seedFrom`: a stopped shop's DATA_DIR whose copy the new one starts as (the
 * e2e files start from one migrated and seeded database). `dataDir`: a
 * directory the caller owns, used as DATA_DIR and left in place.
 */
export async function startServerProcess({
  args,
  cwd,
  env = {},
  timeoutMs = 170_000,
  onSpawn,
  seedFrom,
  dataDir: ownDir,
}) {
  const dataDir = ownDir ?? mkdtempSync(path.join(tmpdir(), 'shop-server-'));
  if (seedFrom) cpSync(seedFrom, dataDir, { recursive: true });
  const { DATABASE_URL: _database, NODE_OPTIONS: _loaders, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) onSpawn?.(child.pid);
  let output = '';
  const collect = (chunk) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const cleanUp = () => {
    if (!ownDir) rmSync(dataDir, { recursive: true, force: true });
  };

  let ready;
  try {
    ready = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The server was not ready within ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      const onData = () => {
        const match = READY.exec(output);
        if (!match) return;
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(match);
      };
      child.stdout.on('data', onData);
      exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`The server exited (${code}) before it was ready:\n${output}`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    cleanUp();
    throw error;
  }

  return {
    pid: child.pid,
    dataDir,
    /** e.g. http://localhost:41234 */
    origin: ready[1],
    /** The storefront's path the ready line names, e.g. /app/servicios. */
    shopPath: ready[2],
    output: () => output,
    /** Sends `signal`, waits for the exit (SIGKILL after 20 s), removes DATA_DIR (not a caller's); resolves with the exit code. */
    stop: async (signal = 'SIGINT') => {
      if (child.exitCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      cleanUp();
      return code;
    },
  };
}
