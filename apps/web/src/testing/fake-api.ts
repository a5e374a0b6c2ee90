import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CompanyHit,
  CompanyHitSchema,
  type FreguesiaHit,
  FreguesiaHitSchema,
  type MunicipalityHit,
  MunicipalityHitSchema,
  ProductDefinitionSchema,
  type RuntimeConfig,
} from '@shop/domain';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import * as z from 'zod/mini';
import { catalogue } from '../../../server/src/db/seed/catalogue/index.ts';
import { getConfig } from '../shared/config/config-store.ts';
import { clearProductDefinitions } from '../shared/product-options/get-product-definition.ts';
import { renderApp } from './render-app.tsx';

/**
 * The one fake of the shop API for the web's component tests: a real HTTP
 * server (node:http) the real api client talks to, answering as apps/server does:
 *
 * - `GET desktopapp/rest/product?id=` from the server's own seed catalogue, for
 *   the store of the page's configuration (`{ ok: false }` for a product it does
 *   not sell), so the wizards show the prices the server charges;
 * - the search endpoints (registros.php, freguesias.php, sociedad.php,
 *   organizacoes.php) from the rows given, each hit checked against the
 *   domain's hit schema (the server's response schema);
 * - any other path from a script (a status and a body, or a dropped
 *   connection; the last answer repeats), unknown paths 404;
 *
 * and records every request. Tests that need the real server's behaviour (the
 * cart, uploads, the generic wizard end to end) use live-server.ts instead.
 */

/** One scripted answer: an HTTP status and a JSON body, or a dropped connection. */
export type ScriptedAnswer = { status: number; body?: unknown } | 'hang-up';

export interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. '/desktopapp/rest/delquoteitem?id=7'. */
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** What the search endpoints find (each row checked against the domain's hit schema). */
export interface FakeApiData {
  municipalities?: readonly MunicipalityHit[];
  freguesias?: readonly FreguesiaHit[];
  companies?: readonly CompanyHit[];
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** A registros.php hit as the server builds it from the INE list (registry data optional). */
export function municipalityHit(row: {
  name: string;
  province: string;
  ine: string;
  delivery_hours?: number | null;
  slow_registry?: boolean;
}): MunicipalityHit {
  return z.parse(MunicipalityHitSchema, {
    label: `${row.name} (${row.province})`,
    value: row.name,
    name: row.name,
    province: row.province,
    province_code: row.ine.slice(0, 2),
    ine: row.ine,
    slug: fold(row.name).replace(/\W+/g, '-'),
    delivery_hours: row.delivery_hours ?? null,
    slow_registry: row.slow_registry ?? false,
  });
}

/** A sociedad.php / organizacoes.php hit. */
export function companyHit(name: string, taxId = 'B12345674', country: 'es' | 'pt' = 'es'): CompanyHit {
  return z.parse(CompanyHitSchema, {
    label: `${name} (${taxId})`,
    value: name,
    name,
    tax_id: taxId,
    municipality: '',
    country,
    is_example: true,
  });
}

/** A freguesias.php hit: 'distrito / concelho / freguesia'. */
export function freguesiaHit(
  distrito: string,
  concelho: string,
  freguesia: string,
  code = '110600',
): FreguesiaHit {
  const label = `${distrito} / ${concelho} / ${freguesia}`;
  return z.parse(FreguesiaHitSchema, {
    label,
    value: label,
    code,
    freguesia,
    concelho,
    distrito,
    legacy: false,
  });
}

/**
 * GET product?id= as the server answers it for the page's store, with the
 * configuration the page has when the answer is made (the server adds the
 * session's; the client checks the answer against the domain's
 * ProductAnswerSchema, which requires it).
 */
function productAnswer(
  id: number,
  storeId: number,
  changes: Readonly<Record<string, unknown>> = {},
): unknown {
  const product = catalogue.find((p) => p.definition.product_id === id);
  const config = getConfig();
  if (!product?.stores.includes(storeId)) return { ok: false, config };
  const definition = z.parse(ProductDefinitionSchema, { ...product.definition, ...changes });
  return { ok: true, message: JSON.stringify(definition), product: definition, config };
}

function searchAnswer(url: URL, data: FakeApiData): unknown[] | undefined {
  const endpoint = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const term = fold(url.searchParams.get('term') ?? url.searchParams.get('sociedad') ?? '');
  // Like the server: a blank or one-character term finds nothing.
  const matches = (text: string) => term.length >= 2 && fold(text).includes(term);
  switch (endpoint) {
    case 'registros.php':
      return (data.municipalities ?? []).filter((hit) => matches(hit.name));
    case 'freguesias.php':
      return (data.freguesias ?? []).filter((hit) => matches(hit.label));
    case 'sociedad.php':
    case 'organizacoes.php':
      return (data.companies ?? []).filter((hit) => matches(hit.name));
    default:
      return undefined;
  }
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

/** Starts the fake API on a free port (see the file's comment). */
export async function startFakeApi(data: FakeApiData = {}) {
  const scripts = new Map<string, ScriptedAnswer[]>();
  const catalogueChanges = new Map<number, Record<string, unknown>>();
  const received: ReceivedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const url = new URL(req.url ?? '/', 'http://x');
    const reply = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(answer === undefined ? '' : JSON.stringify(answer));
    };
    const script = scripts.get(url.pathname);
    if (script) {
      const next = (script.length > 1 ? script.shift() : script[0]) as ScriptedAnswer;
      if (next === 'hang-up') return req.socket.destroy();
      return reply(next.status, next.body);
    }
    if (url.pathname === '/desktopapp/rest/product') {
      const id = Number(url.searchParams.get('id'));
      return reply(200, productAnswer(id, getConfig().store_id, catalogueChanges.get(id)));
    }
    const hits = searchAnswer(url, data);
    if (hits) return reply(200, hits);
    reply(404, { ok: false, message: 'Not found', errors: [] });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    baseUrl,
    received,
    /** Every request's path and query, in order. */
    paths: () => received.map((request) => request.url),
    /** Scripts the answers of `/desktopapp/rest/{path}`. */
    answer(path: string, ...answers: ScriptedAnswer[]) {
      scripts.set(`/desktopapp/rest/${path}`, answers);
    },
    /** Scripts the answers of a path at the store base, e.g. '/registros.php'. */
    answerAt(path: string, ...answers: ScriptedAnswer[]) {
      scripts.set(path, answers);
    },
    /** Changes a product of the catalogue (as an operator would), e.g. its price. */
    changeProduct(productId: number, changes: Record<string, unknown>) {
      catalogueChanges.set(productId, changes);
    },
    reset() {
      scripts.clear();
      catalogueChanges.clear();
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;

/**
 * The fake API of a test file: started before its tests, reset before each one
 * (scripts, requests, the page's loaded product definitions), closed after them.
 * `open(url, config)` starts the app on it as main.tsx does.
 */
export function setupFakeApi(data: FakeApiData = {}) {
  let api: FakeApi | undefined;
  beforeAll(async () => {
    api = await startFakeApi(data);
  });
  afterAll(() => api?.close());
  beforeEach(() => {
    api?.reset();
    clearProductDefinitions();
  });
  const ready = (): FakeApi => {
    if (!api) throw new Error('setupFakeApi: the fake API starts in beforeAll');
    return api;
  };
  return {
    get baseUrl() {
      return ready().baseUrl;
    },
    get received() {
      return ready().received;
    },
    paths: () => ready().paths(),
    answer: (path: string, ...answers: ScriptedAnswer[]) => ready().answer(path, ...answers),
    answerAt: (path: string, ...answers: ScriptedAnswer[]) => ready().answerAt(path, ...answers),
    changeProduct: (productId: number, changes: Record<string, unknown>) =>
      ready().changeProduct(productId, changes),
    /** Renders the app at `url` with the page's configuration pointing at the fake. */
    open: (url: string, overrides: Partial<RuntimeConfig> = {}) =>
      renderApp(url, { base_url: ready().baseUrl, ...overrides }),
  };
}
