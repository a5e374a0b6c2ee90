import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Flags for a headless Chromium run as root in a container with a closed network (STACK.md gotcha 10). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where a system Chromium usually is (Debian's package, other distributions). */
const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export interface ResolvedBrowser {
  executablePath: string;
  /** Where it came from, for messages and the README. */
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

/**
 * The browser the e2e tests drive, in this order: `CHROMIUM_PATH`, the
 * system's Chromium, then the Chromium that ships inside the
 * `@sparticuz/chromium` npm package (unpacked to the temp dir on first use),
 * so a fresh machine needs no apt step and no download
 * (docs/decisions/006-packaged-chromium-for-e2e.md).
 */
export async function resolveBrowser(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedBrowser> {
  const wanted = env.CHROMIUM_PATH;
  if (wanted) {
    if (!existsSync(wanted)) throw new Error(`CHROMIUM_PATH is set to ${wanted}, which does not exist.`);
    return { executablePath: wanted, source: 'CHROMIUM_PATH' };
  }
  const system = SYSTEM_CHROMIUM.find((candidate) => existsSync(candidate));
  if (system) return { executablePath: system, source: 'system' };
  const packaged = (await import('@sparticuz/chromium')).default;
  return { executablePath: await packaged.executablePath(), source: '@sparticuz/chromium' };
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a new, empty profile (user-data-dir) that is removed on close. */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath } = await resolveBrowser();
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'shop-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 360, height: 740 },
      locale: 'es-ES',
    });
    return {
      context,
      close: async () => {
        await context.close();
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
