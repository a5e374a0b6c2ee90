import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RuntimeConfig, RuntimeConfigSchema } from '@shop/domain';

// Component tests talk to the real shop server: the seed catalogue, the real
// search endpoints, cart and upload routes on a fresh PGlite database. The
// server runs in its own process (Fastify and PGlite do not run inside jsdom);
// the page's origin is set to the server's so XMLHttpRequest is same-origin
// and keeps its cookies in jsdom's jar, and Node's fetch is given that same jar,
// as a browser would do.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');
const FIXTURE_WEB = path.join(ROOT, 'apps/server/src/testing/fixtures/web');
const READY = /Shop ready on http:\/\/[^\s:/]+:(\d+)/;

interface JsdomLike {
  reconfigure(options: { url: string }): void;
  /** jsdom keeps the origin XMLHttpRequest checks against here; reconfigure() does not update it. */
  window: { _origin: string };
  cookieJar: {
    getCookieStringSync(url: string): string;
    setCookieSync(cookie: string, url: string): unknown;
    removeAllCookiesSync(): void;
  };
}

export interface LiveServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** GET config as a new visitor of `storeId` would: no cookies, then the new session's cookie in the jar. */
  startSession(storeId?: number): Promise<RuntimeConfig>;
  /** A JSON call to the API with the session's cookie and form key (test set-up and checks). */
  call<T>(method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

function jsdomInstance(): JsdomLike {
  const dom = (globalThis as { jsdom?: JsdomLike }).jsdom;
  if (!dom) throw new Error('live-server needs the jsdom environment');
  return dom;
}

function waitForPort(child: ChildProcess, output: () => string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`server not ready:\n${output()}`)), timeoutMs);
    const onData = () => {
      const match = READY.exec(output());
      if (match?.[1]) done(null, Number(match[1]));
    };
    const onExit = (code: number | null) => done(new Error(`server exited (${code}):\n${output()}`));
    function done(error: Error | null, port?: number) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(port as number);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Node's fetch with the page's cookie jar, so the session survives between calls. */
function installCookieFetch(dom: JsdomLike): () => void {
  const original = globalThis.fetch;
  const withCookies: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const cookie = dom.cookieJar.getCookieStringSync(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await original(input, { ...init, headers });
    for (const setCookie of response.headers.getSetCookie()) dom.cookieJar.setCookieSync(setCookie, url);
    return response;
  };
  globalThis.fetch = withCookies;
  window.fetch = withCookies;
  return () => {
    globalThis.fetch = original;
    window.fetch = original;
  };
}

/** Starts the shop server on a free port with an empty database and points the page at it. */
export async function startLiveServer(): Promise<LiveServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-web-test-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: FIXTURE_WEB,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let port: number;
  try {
    port = await waitForPort(child, () => output, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const origin = `http://127.0.0.1:${port}`;
  const dom = jsdomInstance();
  dom.reconfigure({ url: `${origin}/app/servicios` });
  dom.window._origin = origin;
  const restoreFetch = installCookieFetch(dom);
  let formKey = '';

  const call = async <T>(method: 'GET' | 'POST', apiPath: string, body?: unknown) => {
    const response = await fetch(`${origin}/desktopapp/rest/${apiPath}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-form-key': formKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  return {
    origin,
    call,
    async startSession(storeId = 14) {
      dom.cookieJar.removeAllCookiesSync();
      const { status, body } = await call<{ config: unknown }>('GET', `config?store_id=${storeId}`);
      if (status !== 200) throw new Error(`GET config answered ${status}`);
      const config = RuntimeConfigSchema.parse(body.config);
      formKey = config.form_key;
      return config;
    },
    async stop() {
      restoreFetch();
      if (child.exitCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
