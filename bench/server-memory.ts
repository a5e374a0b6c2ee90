import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { ROOT } from '../scripts/build.mjs';
import { PRODUCTION_START } from '../scripts/check-production.mjs';
import { startServerProcess } from '../scripts/server-process.mjs';
import { createScratchDatabase } from './api-load.ts';

export interface MemoryFigures {
  label: string;
  /** Resident memory (MB) at its highest from the start until the server was ready (migrations and seed included). */
  startPeakMb: number;
  /** Resident memory (MB) after serving a browser's first requests, then 3 s idle. */
  restMb: number;
  /** Resident memory (MB) at its highest over the whole run. */
  peakMb: number;
  /** Seconds from the start to the ready line. */
  readySeconds: number;
}

const SAMPLE_MS = 20;
const mb = (kb: number) => Math.round(kb / 1024);

/** Resident and high-water memory (KB) of a process: /proc on Linux, `ps` elsewhere (then the peak is sampled). */
function readMemory(pid: number): { rss: number; hwm: number } | undefined {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const text = readFileSync(status, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  }
  try {
    const rss = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    return { rss, hwm: rss };
  } catch {
    return undefined;
  }
}

/** A browser's first visit: the page, its script, config, a cart, searches. */
async function browse(origin: string, shopPath: string): Promise<void> {
  const page = await (await fetch(`${origin}${shopPath}`)).text();
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(page)?.[1];
  if (script) await (await fetch(new URL(script, origin))).arrayBuffer();
  const config = await fetch(`${origin}/desktopapp/rest/config`);
  const cookie = config.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await config.arrayBuffer();
  for (let round = 0; round < 20; round++) {
    for (const url of [
      '/desktopapp/rest/config',
      '/desktopapp/rest/cart',
      `/registros.php?app=1&term=${['ma', 'san', 'villa', 'rozas'][round % 4]}`,
      `/freguesias.php?app=1&type=all&term=${['sa', 'lis', 'vila'][round % 3]}`,
    ]) {
      const answer = await fetch(`${origin}${url}`, { headers: { cookie } });
      if (!answer.ok) throw new Error(`GET ${url} answered ${answer.status}`);
      await answer.arrayBuffer();
    }
  }
}

/**
 * The production server (`node --enable-source-maps apps/server/dist/server.js`,
 * the build) in its own process on a new database: its resident memory while
 * it starts (a new PGlite data directory, migrations, the first seed) and at
 * rest after a browser's first requests. Call after ensureBuilt().
 */
export async function measureServerMemory(
  label: string,
  env: Record<string, string>,
): Promise<MemoryFigures> {
  const started = Date.now();
  let pid: number | undefined;
  let sampledPeak = 0;
  const sample = () => {
    const memory = pid === undefined ? undefined : readMemory(pid);
    if (memory) sampledPeak = Math.max(sampledPeak, memory.rss, memory.hwm);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  const server = await startServerProcess({
    args: PRODUCTION_START,
    cwd: ROOT,
    env,
    onSpawn: (spawned) => {
      pid = spawned;
    },
  }).finally(() => clearInterval(timer));
  try {
    sample();
    const startPeakMb = mb(sampledPeak);
    const readySeconds = (Date.now() - started) / 1000;
    await browse(server.origin, server.shopPath);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const memory = readMemory(server.pid);
    if (!memory) throw new Error('Could not read the server process memory');
    return {
      label,
      startPeakMb,
      restMb: mb(memory.rss),
      peakMb: mb(Math.max(memory.hwm, sampledPeak)),
      readySeconds,
    };
  } finally {
    await server.stop('SIGTERM');
  }
}

/** Memory of the server on PGlite and, when `postgresUrl` is given, on a throw-away PostgreSQL database. */
export async function measureMemory(postgresUrl: string | undefined): Promise<MemoryFigures[]> {
  const figures = [await measureServerMemory('PGlite', {})];
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl);
    try {
      figures.push(await measureServerMemory('PostgreSQL', { DATABASE_URL: scratch.url }));
    } finally {
      await scratch.drop();
    }
  }
  return figures;
}
