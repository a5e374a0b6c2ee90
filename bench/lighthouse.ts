import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, resolveBrowser } from '../e2e/support/browser.ts';
import { ROOT } from '../scripts/build.mjs';
import { PRODUCTION_START } from '../scripts/check-production.mjs';
import { startServerProcess } from '../scripts/server-process.mjs';

/** Lighthouse 12's figures of one page (mobile profile, its default). */
export interface LighthouseFigures {
  label: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
}

/** Issue 11's pages: the services screen, every wizard's step 1, a landing page. */
export const LIGHTHOUSE_PAGES = [
  { label: 'servicios', path: '/app/servicios?store_id=14' },
  { label: 'nota-simple/step1', path: '/app/nota-simple/step1?store_id=14' },
  { label: 'q-propiedades/step1', path: '/app/q-propiedades/step1?store_id=14' },
  { label: 'certidao-permanente/step1', path: '/app/certidao-permanente/step1?store_id=16' },
  { label: 'i-predial-simplificada/step1', path: '/app/i-predial-simplificada/step1?store_id=16' },
  { label: 'landing page', path: '/app/NotaSimpleRegistroPropiedad/getafe?store_id=14' },
] as const;

/** LIGHTHOUSE_REPORTS=<folder> keeps each page's whole report (JSON) there, to see what makes a figure late. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * Runs Lighthouse 12.8.2 (mobile profile) against the production server
 * (`node apps/server/dist/server.js`, new PGlite database) with the e2e's
 * Chromium (system, CHROMIUM_PATH or the packaged one).
 */
export async function measureLighthouse(): Promise<LighthouseFigures[]> {
  const server = await startServerProcess({
    args: PRODUCTION_START,
    cwd: ROOT,
    env: { RATE_LIMIT_MAX: '0' },
  });
  const { executablePath } = await resolveBrowser();
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const results: LighthouseFigures[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const run = await lighthouse(`${server.origin}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = run?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
      if (lhr.runtimeError) {
        // The page did not load (a server that stopped, say): what the server printed tells why.
        throw new Error(
          `${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}\n${server.output().slice(-2000)}`,
        );
      }
      if (REPORTS_DIR) {
        mkdirSync(REPORTS_DIR, { recursive: true });
        writeFileSync(path.join(REPORTS_DIR, `${page.label.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      }
      results.push({
        label: page.label,
        path: page.path,
        performance: score(lhr.categories.performance?.score),
        accessibility: score(lhr.categories.accessibility?.score),
        bestPractices: score(lhr.categories['best-practices']?.score),
        seo: score(lhr.categories.seo?.score),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
      });
    }
    return results;
  } finally {
    chrome.kill();
    await server.stop();
  }
}
