import { performance } from 'node:perf_hooks';
import { LANDING_FOLDERS } from '@shop/domain';
import { percentile, withSeededApp } from './seeded-app.ts';

/** Issue 11: a landing page's time on the server (data, head, React render, host page). */
export interface LandingRenderFigures {
  label: string;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Whether the answers carried the server-rendered markup (the SSR module was built). */
  rendered: boolean;
}

/**
 * GET of landing pages through app.inject (the network left out), the
 * production SSR module (WEB_DIST/ssr/entry-server.js) rendering them: `pages`
 * municipalities of the sitemap (spread over it) in both folders, as a visitor
 * with a session (the first request, which creates it, is not timed); the first
 * rounds warm up the JIT and are not timed either.
 */
export async function measureLandingRender(
  webDist: string,
  { pages = 100, rounds = 5 } = {},
): Promise<LandingRenderFigures[]> {
  return withSeededApp(webDist, async (app, env) => {
    const first = await app.inject({ url: `${env.APP_PREFIX}/servicios?store_id=14` });
    const sid = /sid=[^;]+/.exec(String(first.headers['set-cookie'] ?? ''))?.[0] ?? '';
    const index = await app.inject({ url: '/sitemap.xml' });
    // The landing folders' parts (the sitemap also lists the shop's other pages).
    const parts = [...index.body.matchAll(/<loc>[^<]*(\/sitemaps\/([^<]+)\.xml)<\/loc>/g)]
      .filter((m) => (LANDING_FOLDERS as readonly string[]).includes(m[2] ?? ''))
      .map((m) => m[1] ?? '');
    const figures: LandingRenderFigures[] = [];
    for (const part of parts) {
      const sitemap = await app.inject({ url: part });
      const all = [...sitemap.body.matchAll(/<loc>https?:\/\/[^/]+([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
      const step = Math.max(1, Math.floor(all.length / pages));
      const urls = all.filter((_, i) => i % step === 0).slice(0, pages);
      const times: number[] = [];
      let rendered = true;
      for (let round = 0; round < rounds + 2; round++) {
        for (const url of urls) {
          const started = performance.now();
          const answer = await app.inject({ url, headers: { cookie: sid } });
          const elapsed = performance.now() - started;
          if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
          if (!answer.body.includes('<div id="root"><')) rendered = false;
          if (round >= 2) times.push(elapsed);
        }
      }
      times.sort((a, b) => a - b);
      figures.push({
        label: `${part.replace(/^\/sitemaps\/|\.xml$/g, '')} (${urls.length} municipalities)`,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.at(-1) ?? 0,
        requests: times.length,
        rendered,
      });
    }
    return figures;
  });
}
