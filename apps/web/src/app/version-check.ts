import { APP_VERSION, VersionAnswerSchema } from '@shop/domain';
import { reloadOnce } from './chunk-reload.ts';

/** Spec 9: the first check 2 s after start, then every 30 minutes (1,800,000 ms). */
export const VERSION_FIRST_CHECK_MS = 2_000;
export const VERSION_CHECK_INTERVAL_MS = 30 * 60 * 1000;

export interface VersionCheckDeps {
  /** The version this page's script was built with. */
  current: string;
  /** GET version.json?t= answered with { version }; null when it could not be read. */
  fetchVersion: () => Promise<string | null>;
  storage: Storage;
  reload: () => void;
  now: () => number;
}

/**
 * Compares the server's version.json with the build this page runs (spec 4, 8, 9):
 * a different version reloads the page, at most once per 30 minutes (the
 * `forcedReload` guard shared with the chunk-failure reload). Returns a stop function.
 */
export function startVersionCheck(deps: VersionCheckDeps): () => void {
  let interval: ReturnType<typeof setInterval> | undefined;
  const check = async () => {
    const version = await deps.fetchVersion();
    if (version !== null && version !== deps.current) reloadOnce(deps.storage, deps.now(), deps.reload);
  };
  const first = setTimeout(() => {
    void check();
    interval = setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
  }, VERSION_FIRST_CHECK_MS);
  return () => {
    clearTimeout(first);
    if (interval !== undefined) clearInterval(interval);
  };
}

/**
 * version.json sits at the store base (DECISIONS.md); a failed or odd answer is
 * no reason to reload. A static file, not the API: fetched directly, without
 * the API client's retries and generic message (docs/decisions/035), and read
 * with the domain's VersionAnswerSchema.
 */
export async function fetchServerVersion(baseUrl: string, now: number): Promise<string | null> {
  try {
    const base = new URL(baseUrl || '/', window.location.href);
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    const response = await fetch(new URL(`version.json?t=${now}`, base), {
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const parsed = VersionAnswerSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.version : null;
  } catch {
    return null;
  }
}

/** The page's version check, against the version bundled into this build (packages/domain APP_VERSION). */
export function installVersionCheck(win: Window, baseUrl: string): () => void {
  return startVersionCheck({
    current: APP_VERSION,
    fetchVersion: () => fetchServerVersion(baseUrl, Date.now()),
    storage: win.localStorage,
    reload: () => win.location.reload(),
    now: () => Date.now(),
  });
}
