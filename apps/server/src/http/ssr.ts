import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { SsrModule } from '@shop/domain';

/**
 * Loads the storefront's server-rendering module (ADR 009) once. While the file
 * is missing (no build yet) every call looks again and answers null: the host
 * page then goes out without server-rendered markup, as before.
 */
export function createSsrLoader(entry: string): () => Promise<SsrModule | null> {
  let loaded: SsrModule | null = null;
  return async () => {
    if (loaded) return loaded;
    try {
      await access(entry);
    } catch {
      return null;
    }
    loaded = (await import(pathToFileURL(entry).href)) as SsrModule;
    return loaded;
  };
}
