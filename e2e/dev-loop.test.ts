import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/build.mjs';

// `npm run dev` (scripts/dev.mjs): Vite with hot reload in front of the server
// restarted on change. Through Vite's port the storefront's page comes from
// the server (runtime configuration inside) with Vite's client, and every
// server route answers, the search endpoints included (before, Vite answered
// them with the app's HTML).

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('npm run dev', () => {
  let child: ChildProcess;
  let output = '';
  let vite = '';
  let server = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-dev-'));

  beforeAll(async () => {
    const [vitePort, serverPort] = [await freePort(), await freePort()];
    vite = `http://127.0.0.1:${vitePort}`;
    server = `http://127.0.0.1:${serverPort}`;
    const { DATABASE_URL: _db, NODE_OPTIONS: _loaders, ...inherited } = process.env;
    // What `npm run dev` runs (package.json), started directly so the test signals it and not npm.
    child = spawn(process.execPath, ['scripts/dev.mjs'], {
      cwd: ROOT,
      env: { ...inherited, DEV_PORT: String(vitePort), PORT: String(serverPort), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    // Ready when the server behind Vite answers through it.
    const until = Date.now() + 170_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
      const answer = await fetch(`${vite}/version.json`).catch(() => null);
      if (answer?.status === 200) break;
      if (Date.now() > until) throw new Error(`npm run dev was not ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('serves the storefront page with its configuration and Vite’s hot-reload client', async () => {
    const page = await fetch(`${vite}/app/servicios`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain('/src/app/main.tsx');
    expect(html).toMatch(/<script type="application\/json" id="app-config">\{"store_id":\d+/);
    expect(html).toMatch(/<html lang="(es|pt)">/);
    // The module itself comes from Vite, transformed.
    const main = await fetch(`${vite}/src/app/main.tsx`);
    expect(main.status).toBe(200);
    expect(await main.text()).toMatch(/import/);
  });

  it('answers a municipality search through Vite with the server’s JSON', async () => {
    const answer = await fetch(`${vite}/registros.php?app=1&term=getafe`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    const found = (await answer.json()) as { value: string; province: string }[];
    expect(found).toContainEqual(expect.objectContaining({ value: 'Getafe', province: 'Madrid' }));
  });

  it('restarts the server when one of its files changes', async () => {
    const ready = () => output.match(/Shop ready on/g)?.length ?? 0;
    const waitReady = async (count: number) => {
      const until = Date.now() + 120_000;
      while (ready() < count) {
        if (Date.now() > until) throw new Error(`no restart:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const before = ready();
    // A save without a change (a new modification time only), put back afterwards so
    // the build's staleness check (scripts/build.mjs) is not fooled into a rebuild.
    const file = path.join(ROOT, 'apps/server/src/paths.ts');
    const { atime, mtime } = statSync(file);
    try {
      utimesSync(file, new Date(), new Date());
      await waitReady(before + 1);
    } finally {
      utimesSync(file, atime, mtime);
    }
    await waitReady(before + 2);
    const answer = await fetch(`${vite}/registros.php?app=1&term=getafe`);
    expect(answer.status).toBe(200);
  }, 150_000);

  it('writes readable log lines, not raw JSON', () => {
    expect(output).toMatch(/INFO.*incoming request|INFO.*request completed/);
    expect(output).not.toMatch(/^\{"level":30/m);
  });

  it('stops cleanly on SIGTERM, the server and Vite with it', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await fetch(`${vite}/version.json`).catch(() => 'closed')).toBe('closed');
    expect(await fetch(`${server}/version.json`).catch(() => 'closed')).toBe('closed');
  }, 30_000);
});
