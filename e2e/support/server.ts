import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/web-build.mjs';

export interface RunningServer {
  /** e.g. http://localhost:41234 */
  origin: string;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  /** SIGINT, wait for the exit, remove the data dir; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const READY = /Shop ready on (http:\/\/[^\s/]+)/;

/**
 * Starts the real shop the way a person does, `node scripts/start.mjs` (which
 * builds the web app if it is stale), on a free port (PORT=0) with an empty
 * temporary DATA_DIR (PGlite), and waits for its ready line.
 */
export async function startServer({ timeoutMs = 170_000, env = {} as Record<string, string> } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

  try {
    const origin = await waitForReady(child, () => output, timeoutMs);
    return {
      origin,
      output: () => output,
      stop: async () => {
        if (child.exitCode === null) child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        const code = await exited;
        clearTimeout(timer);
        cleanUp();
        return code;
      },
    } satisfies RunningServer;
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    cleanUp();
    throw error;
  }
}

function waitForReady(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error(`The server was not ready within ${timeoutMs} ms:\n${output()}`)),
      timeoutMs,
    );
    const onData = () => {
      const match = READY.exec(output());
      if (match?.[1]) finish(null, match[1]);
    };
    const onExit = (code: number | null) =>
      finish(new Error(`The server exited (${code}) before it was ready:\n${output()}`));
    function finish(error: Error | null, origin?: string) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(origin as string);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}
