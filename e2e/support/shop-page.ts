import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type Browser, launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

export interface ShopPage {
  /** The running test's page: a new one each test, in a context without cookies. */
  readonly page: Page;
  /** The shop's origin, e.g. http://127.0.0.1:41234. */
  readonly origin: string;
  /** The browser context (its cookies are the visitor's session). */
  readonly context: BrowserContext;
  /** The local mail viewer's URL (random per start, printed in the start-up banner). */
  readonly mailViewer: string;
}

export interface ShopPageOptions {
  /** Extra server environment, read when the server starts (e.g. FILES_DIR). */
  env?: () => Record<string, string>;
  /** Runs on each new page before its test (e.g. open a store and clear storage). */
  prepare?: (page: Page, origin: string) => Promise<void>;
  /**
   * 'ask': visitors see the cookie banner (the consent tests). By default every
   * page starts with the cookies rejected, as a visitor who already answered
   * (even after the test clears the storage), so the banner covers nothing.
   */
  consent?: 'ask' | 'rejected';
}

/** The storefront's stored consent (apps/web/src/shared/consent/consent-store.ts), 'reject all'. */
const REJECTED = JSON.stringify({
  version: 1,
  at: 0,
  choice: { functionality: false, tracking: false, targeting: false },
});

/**
 * One real shop and one Chromium for the test file, a new visitor (no cookies,
 * a new page) for each test, and no uncaught page error allowed: registers the
 * hooks and returns accessors. The server must stop cleanly (exit code 0).
 * Call it before any afterAll that must run after the server has stopped
 * (after-hooks run in reverse order).
 */
export function useShopPage({ env, prepare, consent = 'rejected' }: ShopPageOptions = {}): ShopPage {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    server = await startServer({ env: env?.() ?? {} });
    browser = await launchBrowser();
    if (consent === 'rejected') {
      await browser.context.addInitScript((stored: string) => {
        try {
          if (!localStorage.getItem('cookie_consent')) localStorage.setItem('cookie_consent', stored);
        } catch {
          // about:blank and other pages without storage
        }
      }, REJECTED);
    }
  });

  afterAll(async () => {
    await browser?.close();
    // SIGINT through the start script: the server must shut down cleanly.
    if (server) expect(await server.stop()).toBe(0);
  });

  beforeEach(async () => {
    // A new visitor each time: the session remembers the store of ?store_id=.
    const context = ready(browser).context;
    await context.clearCookies();
    const current = await context.newPage();
    page = current;
    const pageErrors: string[] = [];
    current.on('pageerror', (error) => pageErrors.push(error.message));
    await prepare?.(current, ready(server).origin);
    return async () => {
      await current.close();
      expect(pageErrors).toEqual([]);
    };
  });

  return {
    get page() {
      return ready(page);
    },
    get origin() {
      return ready(server).origin;
    },
    get mailViewer() {
      return ready(server).mailViewer;
    },
    get context() {
      return ready(browser).context;
    },
  };
}

function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('useShopPage: only available inside the tests and their hooks');
  return value;
}

/**
 * Waits until React has hydrated the page's server-rendered markup: its scripts
 * start after the first paint (ADR 009), so behaviour that needs them (the
 * banner's buttons, the exit-intent listeners) starts a moment after it shows.
 */
export function waitForHydration(page: Page): Promise<unknown> {
  return page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
