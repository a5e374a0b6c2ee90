import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_WEB_DIST } from './testing/app.ts';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const READY = /Shop ready on http:\/\/localhost:(\d+)\/app\/servicios/;

interface Running {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(dataDir: string): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: FIXTURE_WEB_DIST,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function waitForPort(running: Running, timeoutMs = 90_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = READY.exec(running.output());
    if (match?.[1]) return Number(match[1]);
    if (running.child.exitCode !== null) throw new Error(`server exited early:\n${running.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready in time:\n${running.output()}`);
}

describe('server.ts lifecycle (PGlite under DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-server-'));
  const started: Running[] = [];
  afterAll(() => {
    for (const r of started) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, serves, refuses a second process on the same dir, stops on SIGINT and restarts with the data kept', async () => {
    const first = start(dataDir);
    started.push(first);
    const port = await waitForPort(first);
    const base = `http://127.0.0.1:${port}`;
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(true);

    const config = await fetch(`${base}/desktopapp/rest/config?store_id=16`);
    expect(config.status).toBe(200);
    const cookie = config.headers.get('set-cookie')?.split(';')[0] ?? '';
    const { config: body } = (await config.json()) as { config: { store_id: number; form_key: string } };
    expect(body.store_id).toBe(16);
    // The banner lists per store each method and its gateway (issue 17 item 3).
    expect(first.output()).toMatch(
      /Store 16 \(.+\) takes cc by sandbox, multibanco by sandbox, paypal by sandbox/,
    );

    // The mail viewer answers only at the random URL the banner printed.
    const viewer = /Mail viewer .* on http:\/\/localhost:\d+(\/dev\/mail\/[A-Za-z0-9_-]{32})\n/.exec(
      first.output(),
    )?.[1];
    expect(viewer).toBeDefined();
    expect((await fetch(`${base}${viewer}`)).status).toBe(200);
    expect((await fetch(`${base}/dev/mail`)).status).toBe(404);

    const second = start(dataDir);
    started.push(second);
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(
      `The data directory ${dataDir} is in use by process ${first.child.pid}`,
    );

    first.child.kill('SIGINT');
    expect(await first.exit).toBe(0);
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);

    const third = start(dataDir);
    started.push(third);
    const port3 = await waitForPort(third);
    // The session written before the restart is still there: same store and form key.
    const again = await fetch(`http://127.0.0.1:${port3}/desktopapp/rest/config`, { headers: { cookie } });
    const { config: kept } = (await again.json()) as { config: { store_id: number; form_key: string } };
    expect(kept).toMatchObject({ store_id: 16, form_key: body.form_key });
    // Another start, another mail viewer token.
    const viewer3 = /Mail viewer .* on http:\/\/localhost:\d+(\/dev\/mail\/\S+)/.exec(third.output())?.[1];
    expect(viewer3).toBeDefined();
    expect(viewer3).not.toBe(viewer);
    third.child.kill('SIGTERM');
    expect(await third.exit).toBe(0);
  }, 240_000);
});
