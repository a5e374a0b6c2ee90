import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_WEB_DIST } from './testing/app.ts';
import { waitFor } from './testing/wait.ts';

const CHILD = fileURLToPath(new URL('./testing/graceful-child.ts', import.meta.url));

interface Child {
  process: ChildProcess;
  port: number;
  output(): string;
  exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { PATH: process.env.PATH, WEB_DIST: FIXTURE_WEB_DIST, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitFor(() => {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
    return /listening \d+/.test(output);
  }, 90_000);
  const port = Number(/listening (\d+)/.exec(output)?.[1]);
  return { process: child, port, output: () => output, exit };
}

const inFlight = (output: string) =>
  Math.max(0, ...[...output.matchAll(/in-flight (\d+)/g)].map((m) => Number(m[1])));

describe('graceful stop (a child process running the app)', () => {
  it('on SIGTERM with 50 requests in flight: answers every one, refuses new connections, exits 0 within the deadline', async () => {
    const child = await startChild({ SHUTDOWN_TIMEOUT_MS: '15000' });
    const base = `http://127.0.0.1:${child.port}`;
    const answers = Array.from({ length: 50 }, () =>
      fetch(`${base}/test-slow?ms=1500`).then(
        async (r) => ({ status: r.status, body: await r.json() }),
        (err: Error) => ({ status: 0, body: err.message }),
      ),
    );
    await waitFor(() => inFlight(child.output()) >= 50, 30_000);
    const signalled = Date.now();
    child.process.kill('SIGTERM');
    // Stopped accepting: a new connection is refused while the 50 are still being answered.
    await waitFor(() => child.output().includes('SIGTERM received'), 5_000);
    const late = await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(late).not.toBe(200);
    const results = await Promise.all(answers);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(results.every((r) => (r.body as { ok: boolean }).ok)).toBe(true);
    expect(await child.exit, child.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
  }, 120_000);

  it('lets a running job finish before it exits', async () => {
    const child = await startChild({ SHUTDOWN_TIMEOUT_MS: '15000' });
    const base = `http://127.0.0.1:${child.port}`;
    expect((await fetch(`${base}/test-job?ms=2000`, { method: 'POST' })).status).toBe(200);
    await waitFor(() => child.output().includes('job started'), 30_000);
    child.process.kill('SIGTERM');
    expect(await child.exit).toBe(0);
    expect(child.output()).toContain('job done');
  }, 120_000);

  it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed with a request still running', async () => {
    const child = await startChild({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const base = `http://127.0.0.1:${child.port}`;
    const hanging = fetch(`${base}/test-slow?ms=60000`).catch(() => null);
    await waitFor(() => inFlight(child.output()) >= 1, 30_000);
    const signalled = Date.now();
    child.process.kill('SIGTERM');
    expect(await child.exit).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(child.output()).toContain('SHUTDOWN_TIMEOUT_MS');
    await hanging;
  }, 120_000);
});
