import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** One scripted answer: an HTTP status and a JSON body, or a dropped connection. */
export type ScriptedAnswer = { status: number; body?: unknown } | 'hang-up';

export interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. '/desktopapp/rest/delquoteitem?id=7'. */
  url: string;
  body: unknown;
}

/**
 * A local HTTP server that answers each path from a script (the last answer
 * repeats; unknown paths 404) and records what it received — the API's side of
 * the storefront's component tests, over real HTTP through the real api client.
 */
export async function startScriptedApi() {
  const scripts = new Map<string, ScriptedAnswer[]>();
  const received: ReceivedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      body: text ? JSON.parse(text) : undefined,
    });
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const script = scripts.get(path) ?? [
      { status: 404, body: { ok: false, message: 'Not found', errors: [] } },
    ];
    const next = (script.length > 1 ? script.shift() : script[0]) as ScriptedAnswer;
    if (next === 'hang-up') {
      req.socket.destroy();
      return;
    }
    res.writeHead(next.status, { 'content-type': 'application/json' });
    res.end(next.body === undefined ? '' : JSON.stringify(next.body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    baseUrl,
    received,
    /** Scripts the answers of `/desktopapp/rest/{path}`. */
    answer(path: string, ...answers: ScriptedAnswer[]) {
      scripts.set(`/desktopapp/rest/${path}`, answers);
    },
    /** Scripts the answers of a path at the store base, e.g. '/registros.php'. */
    answerAt(path: string, ...answers: ScriptedAnswer[]) {
      scripts.set(path, answers);
    },
    reset() {
      scripts.clear();
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ScriptedApi = Awaited<ReturnType<typeof startScriptedApi>>;

/**
 * The scripted API of a test file: started before its tests, reset before each
 * one, closed after them. Its fields are read inside the tests.
 */
export function setupScriptedApi(): Omit<ScriptedApi, 'reset' | 'close'> {
  let api: ScriptedApi | undefined;
  beforeAll(async () => {
    api = await startScriptedApi();
  });
  afterAll(() => api?.close());
  beforeEach(() => api?.reset());
  const ready = (): ScriptedApi => {
    if (!api) throw new Error('setupScriptedApi: the API starts in beforeAll');
    return api;
  };
  return {
    get baseUrl() {
      return ready().baseUrl;
    },
    get received() {
      return ready().received;
    },
    answer: (path, ...answers) => ready().answer(path, ...answers),
    answerAt: (path, ...answers) => ready().answerAt(path, ...answers),
  };
}
