import http from 'node:http';
import type { Plugin, ViteDevServer } from 'vite';

/** What Vite's dev server answers itself: its client, the modules it transforms, its pre-bundled packages. */
const VITE_OWNED = /^\/(@vite\/|@react-refresh|@id\/|@fs\/|src\/|node_modules\/|__vite)/;

/** Headers a hop does not pass on (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/**
 * `npm run dev` (scripts/dev.mjs): Vite answers its own paths (the storefront's
 * and back office's source modules, with hot reload) and passes every other
 * request to the shop's server: the API, the search endpoints
 * (registros.php…), version.json, /payments/*, /admin and the storefront's
 * pages themselves, which the server renders with the runtime configuration.
 * An HTML answer goes through Vite's transformIndexHtml (its client and React
 * Refresh's preamble), and loses the server's Content-Security-Policy, which
 * forbids the preamble's inline script (development only: production serves
 * the built files and keeps the policy).
 */
export function shopServerProxy(target: string): Plugin {
  const server = new URL(target);
  return {
    name: 'shop-server-proxy',
    apply: 'serve',
    configureServer(vite) {
      vite.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        if (VITE_OWNED.test(url)) return next();
        forward(vite, server, req, res).catch(next);
      });
    },
  };
}

async function forward(
  vite: ViteDevServer,
  server: URL,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const url = req.url ?? '/';
  const headers = { ...req.headers, host: req.headers.host ?? server.host };
  // A page is transformed below: ask for it uncompressed.
  if (String(req.headers.accept ?? '').includes('text/html')) headers['accept-encoding'] = 'identity';
  const upstream = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const outgoing = http.request(
      { hostname: server.hostname, port: server.port, method: req.method, path: url, headers },
      resolve,
    );
    outgoing.on('error', reject);
    req.pipe(outgoing);
  });
  const answerHeaders: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) answerHeaders[name] = value;
  }
  const isHtml = String(upstream.headers['content-type'] ?? '').startsWith('text/html');
  if (!isHtml || req.method === 'HEAD' || upstream.headers['content-encoding']) {
    res.writeHead(upstream.statusCode ?? 502, answerHeaders);
    upstream.pipe(res);
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of upstream) chunks.push(chunk as Buffer);
  const html = await vite.transformIndexHtml(url, Buffer.concat(chunks).toString('utf8'));
  delete answerHeaders['content-security-policy'];
  delete answerHeaders['content-length'];
  delete answerHeaders.etag;
  res.writeHead(upstream.statusCode ?? 200, answerHeaders);
  res.end(html);
}
