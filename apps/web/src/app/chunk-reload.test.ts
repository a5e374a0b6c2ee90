import { describe, expect, it } from 'vitest';
import { FORCED_RELOAD_GUARD_MS, FORCED_RELOAD_KEY, isChunkLoadError, reloadOnce } from './chunk-reload.ts';

describe('one-time reload after a chunk fails to load', () => {
  it.each([
    ['never reloaded', null, 0, true],
    ['reloaded a minute ago', 60_000, 120_000, false],
    ['reloaded just under 30 min ago', 1, FORCED_RELOAD_GUARD_MS, false],
    ['reloaded 30 min ago', 1, FORCED_RELOAD_GUARD_MS + 1, true],
  ])('%s', (_, last, now, reloads) => {
    localStorage.clear();
    if (last !== null) localStorage.setItem(FORCED_RELOAD_KEY, String(last));
    let reloaded = 0;
    expect(reloadOnce(localStorage, now, () => reloaded++)).toBe(reloads);
    expect(reloaded).toBe(reloads ? 1 : 0);
    if (reloads) expect(localStorage.getItem(FORCED_RELOAD_KEY)).toBe(String(now));
  });

  it.each([
    ['Failed to fetch dynamically imported module: /assets/about-x.js', true],
    ['Importing a module script failed.', true],
    ['Cannot read properties of undefined', false],
  ])('%s -> %s', (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });
});
