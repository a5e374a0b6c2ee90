import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORCED_RELOAD_GUARD_MS, FORCED_RELOAD_KEY } from './chunk-reload.ts';
import { startVersionCheck, VERSION_CHECK_INTERVAL_MS, VERSION_FIRST_CHECK_MS } from './version-check.ts';

describe('version check (spec 4, 9)', () => {
  let served: string | null;
  let fetches: number;
  let reloads: number;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    localStorage.clear();
    served = '5.48.11';
    fetches = 0;
    reloads = 0;
    stop = startVersionCheck({
      current: '5.48.11',
      fetchVersion: async () => {
        fetches++;
        return served;
      },
      storage: localStorage,
      reload: () => reloads++,
      now: () => Date.now(),
    });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('asks 2 s after start, then every 30 minutes', async () => {
    await vi.advanceTimersByTimeAsync(VERSION_FIRST_CHECK_MS - 1);
    expect(fetches).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS - 1);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(2);
    await vi.advanceTimersByTimeAsync(2 * VERSION_CHECK_INTERVAL_MS);
    expect(fetches).toBe(4);
    expect(reloads).toBe(0);
  });

  it('reloads on a changed version, at most once per 30 minutes (forcedReload)', async () => {
    served = '5.48.12';
    await vi.advanceTimersByTimeAsync(VERSION_FIRST_CHECK_MS);
    expect(reloads).toBe(1);
    expect(localStorage.getItem(FORCED_RELOAD_KEY)).toBe(String(1_000_000 + VERSION_FIRST_CHECK_MS));
    // A page whose reload did not take (still the old script) asks again 30 minutes later:
    // never sooner than the guard allows.
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS - 1);
    expect(reloads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reloads).toBe(2);
  });

  it('a recent forced reload (e.g. after a failed chunk) holds the version reload back', async () => {
    localStorage.setItem(FORCED_RELOAD_KEY, String(Date.now()));
    served = '6.0.0';
    await vi.advanceTimersByTimeAsync(VERSION_FIRST_CHECK_MS);
    expect(reloads).toBe(0);
    await vi.advanceTimersByTimeAsync(FORCED_RELOAD_GUARD_MS);
    expect(reloads).toBe(1);
  });

  it('an unreadable version.json (null) never reloads', async () => {
    served = null;
    await vi.advanceTimersByTimeAsync(VERSION_FIRST_CHECK_MS + VERSION_CHECK_INTERVAL_MS);
    expect(fetches).toBe(2);
    expect(reloads).toBe(0);
  });

  it('stops asking when stopped', async () => {
    stop();
    await vi.advanceTimersByTimeAsync(3 * VERSION_CHECK_INTERVAL_MS);
    expect(fetches).toBe(0);
  });
});
