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
import { ensureBuilt, WEB_DIST } from '../scripts/build.mjs';
import { measureAdminQueue, QUEUE_ORDERS } from './admin-queue.ts';
import { ENDPOINTS, type LoadFigures, loadEndpoints, pgliteTarget, postgresTarget } from './api-load.ts';
import { measureBundle } from './bundle-size.ts';
import { INVOICES, measureInvoicePdf } from './invoice-pdf.ts';
import { measureLandingRender } from './landing-render.ts';
import { measureLighthouse } from './lighthouse.ts';
import { loadOrders } from './order-load.ts';
import { measureSearch } from './search-latency.ts';
import { measureMemory } from './server-memory.ts';

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
 * Issue 9: at least 100 whole orders/s on PostgreSQL with p99 at most 150 ms per
 * call, on the 2-core machine (argon2id bounds registration near 200/s there).
 * PGlite (one connection, transactions one at a time) is measured, not budgeted.
 */
const ORDERS_PER_SECOND_BUDGET = 100;
const ORDER_CALL_P99_BUDGET_MS = 150;
/** Customers ordering at once: enough to keep both cores busy without queueing past the p99 budget. */
const ORDER_CONCURRENCY = Number(process.env.BENCH_ORDER_CONCURRENCY ?? 12);
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

for (const target of ONLY_LIGHTHOUSE ? [] : targets) {
  console.error(
    `Whole orders on ${target.label}: ${ORDER_CONCURRENCY} customers ordering at once for ${SECONDS} s…`,
  );
  const budgeted = target.label === 'PostgreSQL';
  try {
    const figures = await loadOrders(target, WEB_DIST, { seconds: SECONDS, concurrency: ORDER_CONCURRENCY });
    rows.push([
      `Whole orders, ${figures.label}`,
      `${figures.ordersPerSecond.toFixed(1)} orders/s`,
      budgeted ? `>= ${ORDERS_PER_SECOND_BUDGET} orders/s` : 'info',
      budgeted ? check(figures.ordersPerSecond >= ORDERS_PER_SECOND_BUDGET) : '',
    ]);
    for (const call of figures.calls) {
      rows.push([
        `  ${call.step}: p50 / p99 (${call.count} calls)`,
        `${call.p50} / ${call.p99} ms`,
        budgeted ? `p99 <= ${ORDER_CALL_P99_BUDGET_MS} ms` : 'info',
        budgeted ? check(call.count > 0 && call.p99 <= ORDER_CALL_P99_BUDGET_MS) : '',
      ]);
    }
    rows.push([
      `  confirmation mails stored / invoices`,
      `${figures.mailsStored} / ${figures.invoices}${figures.mailsCaughtUpAfter === null ? '' : `, caught up ${figures.mailsCaughtUpAfter.toFixed(1)} s after the load`}`,
      'all, within 30 s',
      check(figures.invoices > 0 && figures.mailsCaughtUpAfter !== null),
    ]);
    rows.push([
      `  failed orders, ${figures.label}`,
      figures.firstFailure && figures.failures > 0
        ? `${figures.failures} (${figures.firstFailure.slice(0, 80)})`
        : String(figures.failures),
      '0',
      check(figures.failures === 0 && figures.orders > 0),
    ]);
  } catch (error) {
    rows.push([
      `Whole orders, ${target.label}`,
      String(error instanceof Error ? error.message : error),
      '',
      check(false),
    ]);
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
