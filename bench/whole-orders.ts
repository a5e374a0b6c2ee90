// Whole orders, side by side (issue 22): the built server of the working tree
// and of a base commit (git worktree + build), each on a new PostgreSQL
// database, loaded by the order client in a process of its own, one flow at a
// time, alternating the trees over several rounds. CPU per order comes from
// /proc (the server process, the PostgreSQL backends of its database, the
// client process); statements per order from the server's /metrics
// (`shop_db_statements_total`, absent on a base that predates it).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../scripts/build.mjs';
import { startServerProcess } from '../scripts/server-process.mjs';
import { createScratchDatabase, NOTA_SIMPLE } from './api-load.ts';
import { type OrderClientInput, type OrderClientResult, STEPS } from './order-client.ts';
import { percentile } from './seeded-app.ts';

export type Flow = OrderClientInput['flow'];
export const FLOWS: Flow[] = ['email', 'returning', 'password'];
export const FLOW_LABEL: Record<Flow, string> = {
  email: 'registering with an e-mail only (storefront)',
  returning: 'returning, logged in',
  password: 'registering with a password',
};

export interface Tree {
  label: string;
  root: string;
}

export interface FlowRun {
  tree: string;
  flow: Flow;
  concurrency: number;
  /** Orders the client completed in the measured window. */
  orders: number;
  failures: number;
  firstFailure: string | null;
  /** Whole purchases per second: orders / (window + time until every mail and record was stored). */
  ordersPerSecond: number;
  /** Seconds after the load until every confirmation mail and invoice record was stored; null if not within 60 s. */
  backlogSeconds: number | null;
  calls: { step: string; p50: number; p99: number; count: number }[];
  statementsPerOrder: number | null;
  cpuMsPerOrder: { server: number; postgres: number; client: number };
}

const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const TICK_MS = 1000 / 100;

/** user + system CPU of a process (all its threads) in ms, from /proc/<pid>/stat; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * The tree of `commit`, built, in a git worktree under the temporary folder
 * (kept for later runs). node_modules is hard-linked from the working tree's
 * (same lock file): its workspace links are relative, so they point into the
 * base tree's own packages.
 */
export function prepareCommit(commit: string, log: (line: string) => void): Tree {
  const sha = execFileSync('git', ['-C', ROOT, 'rev-parse', commit], { encoding: 'utf8' }).trim();
  const dir = path.join(tmpdir(), `shop-bench-${sha.slice(0, 10)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    log(`Checking out ${commit} in ${dir}…`);
    execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--force', '--detach', dir, sha], {
      stdio: 'ignore',
    });
  }
  const linked = [
    'node_modules',
    ...['apps', 'packages'].flatMap((d) =>
      readdirSync(path.join(ROOT, d)).map((p) => path.join(d, p, 'node_modules')),
    ),
    'bench/node_modules',
    'e2e/node_modules',
  ];
  for (const modules of linked) {
    if (existsSync(path.join(ROOT, modules)) && !existsSync(path.join(dir, modules))) {
      execFileSync('cp', ['-al', path.join(ROOT, modules), path.join(dir, modules)]);
    }
  }
  if (!existsSync(path.join(dir, 'apps/server/dist/server.js'))) {
    log(`Building ${commit}…`);
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, stdio: 'ignore' });
  }
  return { label: commit, root: dir };
}

async function statementsOf(origin: string): Promise<number | null> {
  const answer = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!answer.ok) return null;
  const match = /^shop_db_statements_total (\d+)/m.exec(await answer.text());
  return match ? Number(match[1]) : null;
}

/** One flow on one tree: a new database, the built server, the client process; figures of the measured window. */
export async function runFlow(
  tree: Tree,
  flow: Flow,
  {
    postgresUrl,
    seconds,
    concurrency,
    warmupSeconds = 3,
    serverEnv = {},
  }: {
    postgresUrl: string;
    seconds: number;
    concurrency: number;
    warmupSeconds?: number;
    /** Added to the server's environment (BENCH_SERVER_NODE_OPTIONS=--cpu-prof profiles it). */
    serverEnv?: Record<string, string>;
  },
): Promise<FlowRun> {
  const scratch = await createScratchDatabase(postgresUrl);
  const admin = new pg.Client({ connectionString: scratch.url });
  try {
    const server = await startServerProcess({
      args: ['apps/server/dist/server.js'],
      cwd: tree.root,
      env: {
        DATABASE_URL: scratch.url,
        SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
        RATE_LIMIT_MAX: '0',
        LOGIN_MAX_FAILURES_ADDRESS: '1000000',
        METRICS_TOKEN,
        INVOICE_ISSUER_NAME: 'Registro Bench S.L.',
        INVOICE_ISSUER_TAX_ID: 'B12345674',
        INVOICE_ISSUER_ADDRESS: 'Calle Mayor 1, 28001 Madrid',
        LOG_LEVEL: 'warn',
        ...serverEnv,
      },
    });
    await admin.connect();
    const counts = async () => {
      const { rows } = await admin.query<{ invoices: number; mails: number; records: number }>(
        `SELECT (SELECT count(*) FROM invoices)::int AS invoices,
                (SELECT count(*) FROM mail_messages WHERE status IN ('stored', 'sent'))::int AS mails,
                (SELECT count(*) FROM verifactu_records)::int AS records`,
      );
      return rows[0] as { invoices: number; mails: number; records: number };
    };
    const backends = async () =>
      (
        await admin.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid);
    try {
      const input: OrderClientInput = {
        base: server.origin,
        seconds,
        concurrency,
        warmupSeconds,
        form: NOTA_SIMPLE,
        flow,
      };
      const client = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/order-client.ts')], {
        cwd: ROOT,
        env: { ...process.env, ORDER_CLIENT_INPUT: JSON.stringify(input) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      client.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      type Sample = {
        server: number;
        client: number;
        postgres: Map<number, number>;
        statements: number | null;
      };
      const sample = async (): Promise<Sample> => {
        const pids = await backends();
        return {
          server: cpuMs(server.pid as number),
          client: cpuMs(client.pid as number),
          postgres: new Map(pids.map((pid) => [pid, cpuMs(pid)])),
          statements: await statementsOf(server.origin),
        };
      };
      let start: Sample | undefined;
      let end: Sample | undefined;
      let stoppedAt = 0;
      const marks: Promise<void>[] = [];
      client.stderr.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        if (text.includes('measuring'))
          marks.push(
            sample().then((s) => {
              start = s;
            }),
          );
        if (text.includes('stopped')) {
          stoppedAt = performance.now();
          marks.push(
            sample().then((s) => {
              end = s;
            }),
          );
        }
      });
      const code = await new Promise<number | null>((resolve) => client.once('exit', resolve));
      await Promise.all(marks);
      if (code !== 0 || !start || !end) throw new Error(`the order client exited with ${code}`);
      const result = JSON.parse(stdout) as OrderClientResult;
      let backlogSeconds: number | null = null;
      while (performance.now() - stoppedAt < 60_000) {
        const now = await counts();
        if (now.mails >= now.invoices && now.records >= now.invoices) {
          backlogSeconds = (performance.now() - stoppedAt) / 1000;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const orders = Math.max(result.orders, 1);
      let postgres = 0;
      for (const [pid, ms] of end.postgres) postgres += ms - (start.postgres.get(pid) ?? 0);
      return {
        tree: tree.label,
        flow,
        concurrency,
        orders: result.orders,
        failures: result.failures,
        firstFailure: result.firstFailure,
        ordersPerSecond: result.orders / (result.seconds + (backlogSeconds ?? 60)),
        backlogSeconds,
        calls: STEPS.map((step) => {
          const sorted = [...result.latencies[step]].sort((a, b) => a - b);
          return {
            step,
            p50: Math.round(percentile(sorted, 50) * 10) / 10,
            p99: Math.round(percentile(sorted, 99) * 10) / 10,
            count: sorted.length,
          };
        }),
        statementsPerOrder:
          start.statements === null || end.statements === null
            ? null
            : (end.statements - start.statements) / orders,
        cpuMsPerOrder: {
          server: (end.server - start.server) / orders,
          postgres: postgres / orders,
          client: (end.client - start.client) / orders,
        },
      };
    } finally {
      await admin.end().catch(() => {});
      await server.stop('SIGTERM');
    }
  } finally {
    await scratch.drop();
  }
}

/**
 * The floor: pgbench running the writes of one whole order (bench/order-floor.sql,
 * written from the statements a traced order sends) on a migrated database, at
 * the same concurrency: orders per second and PostgreSQL's CPU per order.
 */
export async function runFloor(
  tree: Tree,
  { postgresUrl, seconds, concurrency }: { postgresUrl: string; seconds: number; concurrency: number },
): Promise<{ ordersPerSecond: number; cpuMsPerOrder: number } | { unavailable: string }> {
  let pgbench: string;
  try {
    pgbench = execFileSync('which', ['pgbench'], { encoding: 'utf8' }).trim();
  } catch {
    return { unavailable: 'pgbench is not installed' };
  }
  const scratch = await createScratchDatabase(postgresUrl);
  try {
    // The schema and the seed: the server migrates and seeds at its start.
    const server = await startServerProcess({
      args: ['apps/server/dist/server.js'],
      cwd: tree.root,
      env: {
        DATABASE_URL: scratch.url,
        SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
      },
    });
    await server.stop('SIGTERM');
    const url = new URL(scratch.url);
    const args = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(concurrency),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      path.join(ROOT, 'bench/order-floor.sql'),
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
      url.pathname.slice(1),
    ];
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    const child = spawn(pgbench, args, {
      env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    // pgbench's connections, once open: their CPU over the run.
    await new Promise((r) => setTimeout(r, 1000));
    const pids = (
      await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
    const before = new Map(pids.map((pid) => [pid, cpuMs(pid)]));
    let lastCpu = new Map(before);
    const timer = setInterval(() => {
      lastCpu = new Map(pids.map((pid) => [pid, cpuMs(pid) || (lastCpu.get(pid) ?? 0)]));
    }, 200);
    const code = await exited;
    clearInterval(timer);
    await admin.end();
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 0);
    if (code !== 0 || !Number.isFinite(tps)) return { unavailable: `pgbench failed: ${output.slice(-300)}` };
    let cpu = 0;
    for (const [pid, ms] of lastCpu) cpu += ms - (before.get(pid) ?? 0);
    return { ordersPerSecond: tps, cpuMsPerOrder: cpu / Math.max(transactions, 1) };
  } finally {
    await scratch.drop();
  }
}
