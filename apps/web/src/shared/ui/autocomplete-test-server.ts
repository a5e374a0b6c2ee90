import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A municipality as registros.php answers it, optionally with registry data. */
export interface TestMunicipality {
  name: string;
  province: string;
  ine: string;
  delivery_hours?: number | null;
  slow_registry?: boolean;
}

export interface TestSearchServer {
  /** The store base to put in the runtime config (base_url). */
  base: string;
  /** Every request path + query received, in order. */
  requests: string[];
  close: () => Promise<void>;
}

/**
 * A real HTTP server (node:http) answering like apps/server: registros.php and
 * sociedad.php with JSON arrays of { label, value, ... }, and GET
 * desktopapp/rest/product with `products[id]`. For component tests of the wizards.
 */
export async function startSearchServer(
  municipalities: readonly TestMunicipality[],
  options: { companies?: readonly string[]; products?: Record<number, unknown> } = {},
): Promise<TestSearchServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    const fold = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase();
    let body: unknown = [];
    if (url.pathname === '/registros.php') {
      const term = fold(url.searchParams.get('term') ?? '');
      body = municipalities
        .filter((m) => fold(m.name).includes(term))
        .map((m) => ({
          label: `${m.name} (${m.province})`,
          value: m.name,
          name: m.name,
          province: m.province,
          province_code: m.ine.slice(0, 2),
          ine: m.ine,
          slug: fold(m.name).replace(/\W+/g, '-'),
          ...(m.delivery_hours !== undefined ? { delivery_hours: m.delivery_hours } : {}),
          ...(m.slow_registry !== undefined ? { slow_registry: m.slow_registry } : {}),
        }));
    } else if (url.pathname === '/sociedad.php') {
      const term = fold(url.searchParams.get('sociedad') ?? '');
      body = (options.companies ?? [])
        .filter((name) => fold(name).includes(term))
        .map((name) => ({ label: name, value: name }));
    } else if (url.pathname === '/desktopapp/rest/product') {
      const product = options.products?.[Number(url.searchParams.get('id'))];
      body = product ? { ok: true, message: JSON.stringify(product), product } : { ok: false };
    } else {
      res.statusCode = 404;
      body = { ok: false, message: 'not found' };
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
