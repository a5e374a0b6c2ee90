/** Storage key of the forced-reload guard (spec point 3, storage keys). */
export const FORCED_RELOAD_KEY = 'forcedReload';
/** At most one forced reload per 30 minutes (spec point 9). */
export const FORCED_RELOAD_GUARD_MS = 30 * 60 * 1000;

/**
 * After a deploy, an open page may ask for a chunk that no longer exists:
 * reload once to get the new build (spec point 8). Returns true when it
 * reloaded; false when it already did within the guard time, so the error
 * shows instead of a reload loop.
 */
export function reloadOnce(storage: Storage, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(FORCED_RELOAD_KEY));
  if (last && now - last < FORCED_RELOAD_GUARD_MS) return false;
  storage.setItem(FORCED_RELOAD_KEY, String(now));
  reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    message,
  );
}

/** Vite announces failed lazy chunks with `vite:preloadError`. */
export function installChunkReload(win: Window): void {
  win.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce(win.localStorage, Date.now(), () => win.location.reload())) event.preventDefault();
  });
}
