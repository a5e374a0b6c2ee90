// `npm run bench`: the storefront's initial JavaScript (and that no back-office code is in it), the latency of GET
// config and GET cart at 2,000 requests/s, checked against DESIGN.md's budgets,
// the production server's memory at rest and while it starts on a new database,
// the search endpoints' time on the server (budget 20 ms), a landing page's render on the
// server (p99 5 ms, issue 11), the back office's
// order list over 100,000 seeded orders (p95 150 ms), the invoice PDF's generation (p95 300 ms),
// and whole orders (add to cart, register, checkout, sandbox payment notice): orders/s
// and p99 per call on PGlite and PostgreSQL (issue 9).
// BENCH_SECONDS shortens the load runs; BENCH_SKIP_BUNDLE=1 leaves out the bundle size;
// BENCH_ONLY=orders runs the whole-order load alone; Lighthouse 12 (mobile) on the services
// screen, every wizard's step 1 and a landing page (issue 11): BENCH_ONLY=lighthouse alone,
// BENCH_SKIP_LIGHTHOUSE=1 leaves it out.
import { ensureBuilt, ROOT, WEB_DIST } from '../scripts/build.mjs';
import { measureAdminQueue, QUEUE_ORDERS } from './admin-queue.ts';
import { ENDPOINTS, type LoadFigures, loadEndpoints, pgliteTarget, postgresTarget } from './api-load.ts';
import { measureBundle } from './bundle-size.ts';
import { INVOICES, measureInvoicePdf } from './invoice-pdf.ts';
import { measureLandingRender } from './landing-render.ts';
import { measureLighthouse } from './lighthouse.ts';
import { STEPS } from './order-client.ts';
import { measureSearch } from './search-latency.ts';
import { measureMemory } from './server-memory.ts';
import {
  FLOW_LABEL,
  FLOWS,
  type Flow,
  type FlowRun,
  prepareCommit,
  runFloor,
  runFlow,
  type Tree,
} from './whole-orders.ts';

/** Issue 11: initial JavaScript of the services screen at most 95 KB gzip (DESIGN.md's goal was 100 KB). */
const INITIAL_JS_BUDGET = 95 * 1024;
const INITIAL_JS_GOAL = 100 * 1024;
/** DESIGN.md: API p99 under 30 ms for config and cart at 2,000 requests/s on 2 cores. */
const API_P99_BUDGET_MS = 30;
const API_RATE = 2000;
/** Issue 10: the back office's order list over 100,000 orders, p95 on the server. */
const ADMIN_QUEUE_P95_BUDGET_MS = 150;
/** Issue 10: an invoice PDF is generated at p95 <= 300 ms. */
const INVOICE_PDF_P95_BUDGET_MS = 300;
/** Issue 3: search endpoints answer in under 20 ms on the server for the full data set. */
const SEARCH_P99_BUDGET_MS = 20;
/** autocannon's pacing lands a little under the asked rate even when the server keeps up. */
const RATE_TOLERANCE = 0.97;
/**
 * Issue 7: a small VPS has 1 GB. Resident memory at rest, with a browser's
 * first requests served. The start on a new database (migrations, first seed)
 * once took it to twice that; now it may go above rest by 25 % and no more:
 * the seed's garbage (3 MB of reference JSON parsed into objects) is
 * returned by V8 lazily, and rest itself varies by ~10 % from run to run with
 * the garbage collector's timing (measured: peak - rest between -5 and +32 MB).
 */
const MEMORY_REST_BUDGET_MB = { PGlite: 350, PostgreSQL: 200 } as Record<string, number>;
const MEMORY_START_MARGIN = 1.25;
/**
 * Issue 22: whole orders on PostgreSQL, the working tree against BENCH_BASE
 * (default the issue's base commit) in the same run: the e-mail flow at least
 * twice the base's purchases/s, every call's p99 at most 150 ms at 16
 * customers, and every confirmation mail stored within 2 s after a 30 s load
 * at 32 customers.
 */
const BASE_COMMIT = process.env.BENCH_BASE ?? '3cda9f0';
const ORDER_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ORDER_CALL_P99_BUDGET_MS = 150;
const ORDER_CONCURRENCY = Number(process.env.BENCH_ORDER_CONCURRENCY ?? 16);
const BACKLOG_CONCURRENCY = 32;
const BACKLOG_SECONDS = Number(process.env.BENCH_BACKLOG_SECONDS ?? 30);
const MAIL_BACKLOG_BUDGET_S = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SKIP_BUNDLE = process.env.BENCH_SKIP_BUNDLE === '1' || process.env.BENCH_ONLY === 'orders';
const ONLY_ORDERS = process.env.BENCH_ONLY === 'orders';
const ONLY_LIGHTHOUSE = process.env.BENCH_ONLY === 'lighthouse';
/**
 * Issue 11's Lighthouse budgets (mobile profile): performance 100 on the services
 * screen, Nota Simple step 1 and a landing page, at least 98 on every wizard's step 1;
 * accessibility, best practices and SEO 100; LCP at most 1.5 s.
 */
const LIGHTHOUSE_PERFORMANCE: Record<string, number> = {
  servicios: 100,
  'nota-simple/step1': 100,
  'landing page': 100,
};
const LIGHTHOUSE_LCP_MS = 1500;
/** Issue 11: a landing page rendered on the server (data, head, React, host page) in at most 5 ms at p99. */
const LANDING_RENDER_P99_BUDGET_MS = 5;

type Row = [measure: string, value: string, budget: string, result: string];
const rows: Row[] = [];
let failed = false;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const check = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'PASS' : 'FAIL';
};

await ensureBuilt({ log: (line) => console.error(line) });
if (ONLY_LIGHTHOUSE || (!ONLY_ORDERS && process.env.BENCH_SKIP_LIGHTHOUSE !== '1')) {
  console.error('Lighthouse 12 (mobile profile) on the production server…');
  try {
    for (const page of await measureLighthouse()) {
      const perfBudget = LIGHTHOUSE_PERFORMANCE[page.label] ?? 98;
      rows.push([
        `Lighthouse ${page.label}: performance`,
        String(page.performance),
        `>= ${perfBudget}`,
        check(page.performance >= perfBudget),
      ]);
      for (const [name, value] of [
        ['accessibility', page.accessibility],
        ['best practices', page.bestPractices],
        ['SEO', page.seo],
      ] as const) {
        rows.push([`Lighthouse ${page.label}: ${name}`, String(value), '100', check(value === 100)]);
      }
      rows.push([
        `Lighthouse ${page.label}: LCP (FCP)`,
        `${page.lcpMs} ms (${page.fcpMs} ms)`,
        `LCP <= ${LIGHTHOUSE_LCP_MS} ms`,
        check(page.lcpMs <= LIGHTHOUSE_LCP_MS),
      ]);
    }
  } catch (error) {
    rows.push(['Lighthouse', String(error instanceof Error ? error.message : error), '', check(false)]);
  }
}
if (!SKIP_BUNDLE && !ONLY_LIGHTHOUSE) {
  const bundle = measureBundle(WEB_DIST);
  rows.push([
    'Initial JS of the services screen (gzip)',
    kb(bundle.initialJsGzip),
    `<= ${kb(INITIAL_JS_BUDGET)} (goal ${kb(INITIAL_JS_GOAL)})`,
    check(bundle.initialJsGzip > 0 && bundle.initialJsGzip <= INITIAL_JS_BUDGET),
  ]);
  for (const file of bundle.files) rows.push([`  ${file.file}`, kb(file.gzip), '', '']);
  rows.push(['  + language catalogue chunk (largest)', kb(bundle.catalogueGzip), 'info', '']);
  rows.push([
    'Back-office code in the storefront initial JS',
    bundle.backOfficeBuilt ? bundle.backOfficeFound.join(', ') || 'none' : 'admin entry not built',
    'none',
    check(bundle.backOfficeBuilt && bundle.backOfficeFound.length === 0),
  ]);
}

const targets = [
  pgliteTarget(),
  ...(process.env.DATABASE_URL ? [postgresTarget(process.env.DATABASE_URL)] : []),
];
for (const target of ONLY_ORDERS || ONLY_LIGHTHOUSE ? [] : targets) {
  console.error(
    `Loading ${ENDPOINTS.map((e) => e.name).join(' and ')} on ${target.label} at ${API_RATE} req/s for ${SECONDS} s each…`,
  );
  let results: LoadFigures[];
  try {
    results = await loadEndpoints(target, WEB_DIST, { seconds: SECONDS, rate: API_RATE });
  } catch (error) {
    rows.push([
      `API, ${target.label}`,
      String(error instanceof Error ? error.message : error),
      '',
      check(false),
    ]);
    continue;
  }
  for (const figures of results) {
    const name = figures.label;
    rows.push([`${name}: p50`, `${figures.p50} ms`, 'info', '']);
    rows.push([
      `${name}: p99`,
      `${figures.p99} ms`,
      `< ${API_P99_BUDGET_MS} ms`,
      check(figures.p99 < API_P99_BUDGET_MS),
    ]);
    rows.push([
      `${name}: throughput`,
      `${Math.round(figures.requestsPerSecond).toLocaleString('en')} req/s`,
      `${API_RATE.toLocaleString('en')} asked`,
      check(figures.requestsPerSecond >= API_RATE * RATE_TOLERANCE),
    ]);
    rows.push([`${name}: failed answers`, String(figures.failures), '0', check(figures.failures === 0)]);
  }
}

if (!ONLY_LIGHTHOUSE) {
  const postgresUrl = process.env.DATABASE_URL;
  if (!postgresUrl) {
    rows.push([
      'Whole orders',
      'DATABASE_URL is not set (the whole-order bench runs on PostgreSQL)',
      '',
      check(false),
    ]);
  } else {
    try {
      await wholeOrderRows(postgresUrl);
    } catch (error) {
      rows.push(['Whole orders', String(error instanceof Error ? error.message : error), '', check(false)]);
    }
  }
}

/**
 * Issue 22: the three flows on the working tree and on the base commit
 * (BENCH_BASE, default the issue's base; `none` leaves it out), alternating
 * over BENCH_ROUNDS rounds at 16 customers; the mail backlog after a 30 s load
 * at 32 customers; the floor (pgbench running one order's writes).
 */
async function wholeOrderRows(postgresUrl: string): Promise<void> {
  const log = (line: string) => console.error(line);
  const work: Tree = { label: 'working tree', root: ROOT };
  const base = BASE_COMMIT === 'none' ? null : prepareCommit(BASE_COMMIT, log);
  const trees = base ? [work, base] : [work];
  const runs: FlowRun[] = [];
  for (let round = 0; round < ORDER_ROUNDS; round++) {
    for (const flow of FLOWS) {
      for (const tree of round % 2 === 0 ? trees : [...trees].reverse()) {
        log(
          `Round ${round + 1}/${ORDER_ROUNDS}: ${FLOW_LABEL[flow]} on ${tree.label}, ${ORDER_CONCURRENCY} customers for ${SECONDS} s…`,
        );
        runs.push(
          await runFlow(tree, flow, { postgresUrl, seconds: SECONDS, concurrency: ORDER_CONCURRENCY }),
        );
      }
    }
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
  const of = (tree: Tree, flow: Flow) => runs.filter((r) => r.tree === tree.label && r.flow === flow);
  const rate = (tree: Tree, flow: Flow) => mean(of(tree, flow).map((r) => r.ordersPerSecond));
  for (const flow of FLOWS) {
    for (const tree of trees) {
      const these = of(tree, flow);
      const orders = rate(tree, flow);
      const ratio = base && tree === work ? orders / Math.max(rate(base, flow), 1e-9) : null;
      const budgeted = flow === 'email' && tree === work && ratio !== null;
      rows.push([
        `Whole orders, ${FLOW_LABEL[flow]}, ${tree.label}`,
        `${orders.toFixed(1)} purchases/s (${these.map((r) => r.ordersPerSecond.toFixed(1)).join(', ')})${ratio === null ? '' : `, ${ratio.toFixed(2)}x base`}`,
        budgeted ? `>= 2x ${BASE_COMMIT}` : 'info',
        budgeted ? check((ratio ?? 0) >= 2) : '',
      ]);
      const cpu = {
        server: mean(these.map((r) => r.cpuMsPerOrder.server)),
        postgres: mean(these.map((r) => r.cpuMsPerOrder.postgres)),
        client: mean(these.map((r) => r.cpuMsPerOrder.client)),
      };
      const statements = these.map((r) => r.statementsPerOrder).filter((n): n is number => n !== null);
      rows.push([
        '  CPU per order: server / PostgreSQL / load client',
        `${cpu.server.toFixed(1)} / ${cpu.postgres.toFixed(1)} / ${cpu.client.toFixed(1)} ms (${(cpu.server + cpu.postgres + cpu.client).toFixed(1)} ms)`,
        'info',
        '',
      ]);
      rows.push([
        '  statements per order (all the server sent / orders)',
        statements.length ? mean(statements).toFixed(1) : 'n/a (no shop_db_statements_total)',
        'info',
        '',
      ]);
      const budgetCalls = tree === work;
      for (const step of STEPS) {
        const calls = these.map((r) => r.calls.find((c) => c.step === step)).filter((c) => c !== undefined);
        const p99 = Math.max(...calls.map((c) => c.p99));
        rows.push([
          `  ${step}: p50 / p99 (worst round)`,
          `${Math.max(...calls.map((c) => c.p50))} / ${p99} ms`,
          budgetCalls ? `p99 <= ${ORDER_CALL_P99_BUDGET_MS} ms` : 'info',
          budgetCalls
            ? check(calls.length > 0 && calls.every((c) => c.count > 0) && p99 <= ORDER_CALL_P99_BUDGET_MS)
            : '',
        ]);
      }
      const failures = these.reduce((n, r) => n + r.failures, 0);
      const first = these.find((r) => r.firstFailure)?.firstFailure;
      rows.push([
        '  failed orders / mails and records stored after the load',
        `${failures}${first && failures ? ` (${first.slice(0, 80)})` : ''} / ${these.map((r) => (r.backlogSeconds === null ? 'not within 60 s' : `${r.backlogSeconds.toFixed(1)} s`)).join(', ')}`,
        '0 failed',
        tree === work ? check(failures === 0 && these.every((r) => r.backlogSeconds !== null)) : '',
      ]);
    }
  }
  log(
    `Mail backlog: ${FLOW_LABEL.email} on the working tree, ${BACKLOG_CONCURRENCY} customers for ${BACKLOG_SECONDS} s…`,
  );
  const backlog = await runFlow(work, 'email', {
    postgresUrl,
    seconds: BACKLOG_SECONDS,
    concurrency: BACKLOG_CONCURRENCY,
  });
  rows.push([
    `Mail backlog after ${BACKLOG_SECONDS} s at ${BACKLOG_CONCURRENCY} customers`,
    `${backlog.backlogSeconds === null ? 'not caught up within 60 s' : `${backlog.backlogSeconds.toFixed(1)} s`} (${backlog.orders} orders, ${backlog.ordersPerSecond.toFixed(1)} purchases/s)`,
    `<= ${MAIL_BACKLOG_BUDGET_S} s`,
    check(backlog.backlogSeconds !== null && backlog.backlogSeconds <= MAIL_BACKLOG_BUDGET_S),
  ]);
  log(
    `The floor: pgbench running one order's writes (bench/order-floor.sql), ${ORDER_CONCURRENCY} clients for ${SECONDS} s…`,
  );
  const floor = await runFloor(work, { postgresUrl, seconds: SECONDS, concurrency: ORDER_CONCURRENCY });
  if ('unavailable' in floor) {
    rows.push(["Floor (pgbench, one order's writes)", floor.unavailable, '', check(false)]);
  } else {
    rows.push([
      "Floor (pgbench, one order's writes)",
      `${floor.ordersPerSecond.toFixed(1)} orders/s, PostgreSQL ${floor.cpuMsPerOrder.toFixed(1)} ms CPU per order`,
      'info',
      '',
    ]);
    for (const flow of FLOWS) {
      rows.push([
        `  shop / floor, ${FLOW_LABEL[flow]}`,
        (rate(work, flow) / floor.ordersPerSecond).toFixed(3),
        'info',
        '',
      ]);
    }
  }
}

if (!ONLY_ORDERS && !ONLY_LIGHTHOUSE) {
  console.error("Measuring the production server's memory (node apps/server/dist/server.js, new database)…");
  for (const figures of await measureMemory(process.env.DATABASE_URL)) {
    const name = `Server memory, ${figures.label}`;
    const restBudget = MEMORY_REST_BUDGET_MB[figures.label] ?? 0;
    const startBudget = Math.round(figures.restMb * MEMORY_START_MARGIN);
    rows.push([
      `${name}: at rest`,
      `${figures.restMb} MB`,
      `<= ${restBudget} MB`,
      check(figures.restMb <= restBudget),
    ]);
    rows.push([
      `${name}: peak while starting (new database, first seed)`,
      `${figures.startPeakMb} MB`,
      `<= rest x ${MEMORY_START_MARGIN} (${startBudget} MB)`,
      check(figures.startPeakMb <= startBudget),
    ]);
    rows.push([`${name}: peak over the run`, `${figures.peakMb} MB`, 'info', '']);
    rows.push([`${name}: ready after`, `${figures.readySeconds.toFixed(1)} s`, 'info', '']);
  }

  console.error('Timing the search endpoints on the server (full reference data)…');
  for (const figures of await measureSearch(WEB_DIST)) {
    rows.push([`Search ${figures.label}: p50`, `${figures.p50.toFixed(1)} ms`, 'info', '']);
    rows.push([
      `Search ${figures.label}: p99`,
      `${figures.p99.toFixed(1)} ms`,
      `< ${SEARCH_P99_BUDGET_MS} ms`,
      check(figures.p99 < SEARCH_P99_BUDGET_MS),
    ]);
  }

  console.error('Timing the landing pages on the server (SSR module of the build)…');
  for (const figures of await measureLandingRender(WEB_DIST)) {
    const name = `Landing page render ${figures.label}`;
    rows.push([`${name}: p50`, `${figures.p50.toFixed(1)} ms`, 'info', '']);
    rows.push([
      `${name}: p99`,
      `${figures.p99.toFixed(1)} ms${figures.rendered ? '' : ' (no server markup!)'}`,
      `<= ${LANDING_RENDER_P99_BUDGET_MS} ms`,
      check(figures.rendered && figures.p99 <= LANDING_RENDER_P99_BUDGET_MS),
    ]);
  }

  console.error(
    `Timing the back office's order list over ${QUEUE_ORDERS.toLocaleString('en')} seeded orders (PGlite)…`,
  );
  for (const figures of await measureAdminQueue(WEB_DIST)) {
    const name = `Back-office order list, ${figures.label}`;
    rows.push([`${name}: p50`, `${figures.p50.toFixed(1)} ms`, 'info', '']);
    rows.push([
      `${name}: p95`,
      `${figures.p95.toFixed(1)} ms`,
      figures.budgeted ? `<= ${ADMIN_QUEUE_P95_BUDGET_MS} ms` : 'info',
      figures.budgeted ? check(figures.p95 <= ADMIN_QUEUE_P95_BUDGET_MS) : '',
    ]);
  }

  console.error(`Timing the invoice PDF over ${INVOICES} invoices…`);
  const pdf = await measureInvoicePdf();
  rows.push([`Invoice PDF: p50 (mean ${pdf.meanKb.toFixed(1)} KB)`, `${pdf.p50.toFixed(1)} ms`, 'info', '']);
  rows.push([
    `Invoice PDF: p95 over ${pdf.invoices} invoices`,
    `${pdf.p95.toFixed(1)} ms`,
    `<= ${INVOICE_PDF_P95_BUDGET_MS} ms`,
    check(pdf.p95 <= INVOICE_PDF_P95_BUDGET_MS),
  ]);
}

const widths = [0, 1, 2, 3].map((i) =>
  Math.max(...[['Measure', 'Value', 'Budget', 'Result'], ...rows].map((r) => r[i]?.length ?? 0)),
);
const line = (row: string[]) =>
  row
    .map((cell, i) => cell.padEnd(widths[i] ?? 0))
    .join('  ')
    .trimEnd();
console.log(line(['Measure', 'Value', 'Budget', 'Result']));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
console.log(failed ? '\nSome budgets FAILED.' : '\nAll budgets PASS.');
process.exit(failed ? 1 : 0);
