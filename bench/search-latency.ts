import { performance } from 'node:perf_hooks';
import { percentile, withSeededApp } from './seeded-app.ts';

/** Issue 3: the search endpoints answer in under 20 ms on the server for the full data set. */
export interface SearchFigures {
  label: string;
  p50: number;
  p99: number;
  max: number;
  requests: number;
}

/**
 * Short, common prefixes are the expensive queries (many candidates to rank);
 * accented, mid-word and no-match terms cover the other paths; aliases and typos
 * ('getfe', 'famalicau') and no-match terms of 4+ letters run the typo pass over every name.
 */
const TERMS = [
  'ma',
  'sa',
  'san',
  'santa',
  'vi',
  'madrid',
  'cordoba',
  'rozas',
  'villa',
  'zzzz',
  'de la',
  'la coruña',
  'gerona',
  'getfe',
  'villagarcia de arosa',
  'qwxzqwxz',
];
const PT_TERMS = [
  'sa',
  'sao',
  'santa',
  'lis',
  'benfica',
  'uniao',
  'vila nova',
  'zzzz',
  'famalicau',
  'setuball',
];

const ENDPOINTS = [
  { label: 'registros.php (8,132 municipalities)', path: '/registros.php?app=1&term=', terms: TERMS },
  {
    label: 'freguesias.php type=all (current + 2013)',
    path: '/freguesias.php?app=1&type=all&term=',
    terms: PT_TERMS,
  },
  { label: 'freguesias.php type=ips', path: '/freguesias.php?app=1&type=ips&term=', terms: PT_TERMS },
];

/**
 * Server-side time of each search request: the real app (routing, validation,
 * index query, serialization) through app.inject, so the network is left out.
 */
export async function measureSearch(webDist: string, rounds = 40): Promise<SearchFigures[]> {
  return withSeededApp(webDist, async (app) => {
    const figures: SearchFigures[] = [];
    for (const endpoint of ENDPOINTS) {
      const times: number[] = [];
      for (let round = 0; round < rounds + 5; round++) {
        for (const term of endpoint.terms) {
          const started = performance.now();
          const answer = await app.inject({ url: endpoint.path + encodeURIComponent(term) });
          const elapsed = performance.now() - started;
          if (answer.statusCode !== 200)
            throw new Error(`${endpoint.path}${term} answered ${answer.statusCode}`);
          if (round >= 5) times.push(elapsed); // the first rounds warm up the JIT
        }
      }
      times.sort((a, b) => a - b);
      figures.push({
        label: endpoint.label,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.at(-1) ?? 0,
        requests: times.length,
      });
    }
    return figures;
  });
}
