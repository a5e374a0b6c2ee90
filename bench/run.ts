// `npm run bench`: the storefront's initial JavaScript and the config
// endpoint's latency under load, checked against DESIGN.md's budgets.
import { ensureWebBuild, WEB_DIST } from '../scripts/web-build.mjs';
import { type LoadFigures, loadConfigEndpoint, pgliteTarget, postgresTarget } from './api-load.ts';
import { measureBundle } from './bundle-size.ts';

const INITIAL_JS_BUDGET = 120 * 1024;
const INITIAL_JS_GOAL = 100 * 1024;
const CONFIG_P99_BUDGET_MS = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

type Row = [measure: string, value: string, budget: string, result: string];
const rows: Row[] = [];
let failed = false;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const check = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'PASS' : 'FAIL';
};

await ensureWebBuild({ log: (line) => console.error(line) });
const bundle = measureBundle(WEB_DIST);
rows.push([
  'Initial JS of the services screen (gzip)',
  kb(bundle.initialJsGzip),
  `<= ${kb(INITIAL_JS_BUDGET)} (goal ${kb(INITIAL_JS_GOAL)})`,
  check(bundle.initialJsGzip > 0 && bundle.initialJsGzip <= INITIAL_JS_BUDGET),
]);
for (const file of bundle.files) rows.push([`  ${file.file}`, kb(file.gzip), '', '']);
rows.push(['  + language catalogue chunk (largest)', kb(bundle.catalogueGzip), 'info', '']);

const targets = [
  pgliteTarget(),
  ...(process.env.DATABASE_URL ? [postgresTarget(process.env.DATABASE_URL)] : []),
];
for (const target of targets) {
  console.error(`Loading GET /desktopapp/rest/config on ${target.label} for ${SECONDS} s…`);
  let figures: LoadFigures;
  try {
    figures = await loadConfigEndpoint(target, WEB_DIST, SECONDS);
  } catch (error) {
    rows.push([
      `GET config, ${target.label}`,
      String(error instanceof Error ? error.message : error),
      '',
      check(false),
    ]);
    continue;
  }
  const name = `GET config, ${target.label}`;
  rows.push([`${name}: p50`, `${figures.p50} ms`, 'info', '']);
  rows.push([
    `${name}: p99`,
    `${figures.p99} ms`,
    `< ${CONFIG_P99_BUDGET_MS} ms`,
    check(figures.p99 < CONFIG_P99_BUDGET_MS),
  ]);
  rows.push([
    `${name}: throughput`,
    `${Math.round(figures.requestsPerSecond).toLocaleString('en')} req/s`,
    'info',
    '',
  ]);
  rows.push([`${name}: failed answers`, String(figures.failures), '0', check(figures.failures === 0)]);
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
