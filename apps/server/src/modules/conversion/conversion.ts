import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import type { StoreRow } from '../catalog/catalog.repository.ts';

/** Where a store's conversion script is served, on the store base (same origin: CSP 'self'). */
export const CONVERSION_PATH = '/conversion';

/** The longest conversion script a store may hold. */
const MAX_SCRIPT_LENGTH = 20_000;

/**
 * A store's conversion snippet (issue 20 item 10, spec 3 lastOrderSuccess):
 * JavaScript the operator sets in the store's `settings.conversion_script`; null
 * when the store has none.
 */
export function conversionScriptOf(store: Pick<StoreRow, 'settings'>): string | null {
  const script = store.settings.conversion_script;
  return typeof script === 'string' && script.trim() !== '' && script.length <= MAX_SCRIPT_LENGTH
    ? script
    : null;
}

const versionCache = new WeakMap<object, string>();

/** The script's URL, versioned by its content so a changed snippet is fetched again. */
export function conversionScriptUrl(store: Pick<StoreRow, 'id' | 'settings'>): string | null {
  const script = conversionScriptOf(store);
  if (script === null) return null;
  let version = versionCache.get(store.settings);
  if (!version) {
    version = createHash('sha256').update(script).digest('hex').slice(0, 12);
    versionCache.set(store.settings, version);
  }
  return `${CONVERSION_PATH}/${store.id}.js?v=${version}`;
}

/**
 * The runtime config's lastOrderSuccess: the store's conversion script for the
 * session's last order, or null (no order yet, or no script).
 */
export function lastOrderSuccessOf(
  store: Pick<StoreRow, 'id' | 'settings'>,
  lastOrderId: string | null,
): { data: { script_url: string } } | null {
  if (!lastOrderId) return null;
  const url = conversionScriptUrl(store);
  return url ? { data: { script_url: url } } : null;
}

const Params = z.object({ file: z.string().check(z.regex(/^\d{1,6}\.js$/)) });

/**
 * GET /conversion/{store_id}.js: the store's conversion snippet as a script file
 * (text/javascript, nosniff), so the strict Content-Security-Policy (scripts
 * from 'self' only, nothing inline) lets the success page run it. 404 when the
 * store has none. The order's data reach it as the script element's data-*
 * attributes (document.currentScript.dataset: orderId, value, currency).
 */
export const conversionRoutes: FastifyPluginAsync = async (app) => {
  app.get(`${CONVERSION_PATH}/:file`, async (request, reply) => {
    const parsed = Params.safeParse(request.params);
    const storeId = parsed.success ? Number.parseInt(parsed.data.file, 10) : Number.NaN;
    const store = (await app.catalog.snapshot()).stores.get(storeId);
    const script = store ? conversionScriptOf(store) : null;
    if (script === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(script);
  });
};
