// The load side of the whole-order bench (whole-orders.ts), a process of its
// own (`node --import tsx bench/order-client.ts`, input as JSON in
// ORDER_CLIENT_INPUT, the result as JSON on stdout), so its CPU is measured
// apart from the server's. Each virtual customer loops over one whole order as
// a browser makes it: GET config (session and form key), POST addns (a Nota
// Simple in the cart), the checkout (flow `email`: checkoutRegister with an
// e-mail only, the storefront's flow; `password`: checkoutRegister with a
// password; `returning`: a customer logged in once, checkoutAuthenticated),
// each with the request id the storefront sends, then POST the sandbox's Bizum
// page "approve" (the sandbox sends its signed payment notice; the order is
// paid, its invoice numbered and its confirmation queued).
//
// Requests go through node:http on kept-alive sockets (a customer's calls
// follow one another, so at most one socket each), as a browser keeps its
// connection, asking for compressed answers as a browser does. The load client
// shares the server's two cores, so it should cost them as little as it can:
// the global fetch cost 9-11.5 ms of CPU per order here (its WHATWG streams
// and header objects), this 3.8 ms. Both trees are loaded by the same client,
// so the ratio between them compares the same work.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';

export interface OrderClientInput {
  base: string;
  seconds: number;
  concurrency: number;
  /** Warm-up seconds before measuring (JIT, pools, caches). */
  warmupSeconds: number;
  form: Record<string, unknown>;
  flow: 'email' | 'returning' | 'password';
}

export const STEPS = ['config', 'addns', 'checkout', 'sandbox notice'] as const;
export type Step = (typeof STEPS)[number];

export interface OrderClientResult {
  orders: number;
  failures: number;
  firstFailure: string | null;
  seconds: number;
  latencies: Record<Step, number[]>;
}

const API = '/desktopapp/rest';

interface Answer {
  status: number;
  setCookie: string[];
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One HTTP call on a kept-alive socket; the answer's body read whole. It asks
 * for compressed answers as a browser (and the global fetch) does, and
 * unpacks them.
 */
function call(
  base: string,
  method: 'GET' | 'POST',
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(pathname, base),
      {
        method,
        agent,
        headers: {
          ...headers,
          'accept-encoding': 'gzip, deflate',
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          try {
            const unpacked =
              encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : encoding === 'deflate'
                  ? zlib.inflateSync(raw)
                  : raw;
            resolve({
              status: response.statusCode ?? 0,
              setCookie: response.headers['set-cookie'] ?? [],
              text: unpacked.toString('utf8'),
            });
          } catch (error) {
            // A body that does not unpack fails this order (counted), not the whole client.
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function cookieOf(response: Answer, previous: string): string {
  const jar = new Map(previous ? previous.split('; ').map((c) => c.split('=', 2) as [string, string]) : []);
  for (const header of response.setCookie) {
    const pair = header.split(';')[0] ?? '';
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function run(input: OrderClientInput): Promise<OrderClientResult> {
  const latencies = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
  let orders = 0;
  let failures = 0;
  let firstFailure: string | null = null;
  let measuring = false;
  let stop = false;
  let sequence = 0;

  async function timed(step: Step, send: () => Promise<Answer>): Promise<Answer> {
    const started = performance.now();
    // The body is part of the call's time.
    const response = await send();
    const elapsed = performance.now() - started;
    if (measuring) latencies[step].push(elapsed);
    if (response.status >= 400)
      throw new Error(`${step} answered ${response.status}: ${response.text.slice(0, 300)}`);
    return response;
  }

  const json = { 'content-type': 'application/json', accept: 'application/json' };
  /**
   * A returning customer's session: their first order registers them with a
   * password, and the registering checkout leaves the session logged in; later
   * orders go through checkoutAuthenticated on it.
   */
  async function logIn(customer: number): Promise<string> {
    const email = `bench-${process.pid}-${customer}-${Date.now()}@example.com`;
    return oneOrder(customer, { register: email, cookie: '' });
  }

  /** One whole order; answers the session cookie it ends with. */
  async function oneOrder(customer: number, as: { register?: string; cookie: string }): Promise<string> {
    const first = await timed('config', () =>
      call(input.base, 'GET', `${API}/config`, { accept: 'application/json', cookie: as.cookie }),
    );
    let cookie = cookieOf(first, as.cookie);
    let { config } = JSON.parse(first.text) as { config: { form_key: string } };

    const added = await timed('addns', () =>
      call(
        input.base,
        'POST',
        `${API}/addns`,
        { ...json, cookie, 'x-form-key': config.form_key },
        JSON.stringify({ config, form: input.form }),
      ),
    );
    cookie = cookieOf(added, cookie);
    config = (JSON.parse(added.text) as { config: typeof config }).config ?? config;

    const email = as.register ?? `bench-${process.pid}-${customer}-${++sequence}-${Date.now()}@example.com`;
    const payment = { type: 'bizum', phone: '600123456', request_id: randomUUID() };
    const registering = as.register !== undefined || input.flow !== 'returning';
    const checkout = await timed('checkout', () =>
      call(
        input.base,
        'POST',
        `${API}/${registering ? 'checkoutRegister' : 'checkoutAuthenticated'}`,
        { ...json, cookie, 'x-form-key': config.form_key },
        JSON.stringify({
          config,
          form: registering
            ? {
                ...payment,
                email,
                accept_terms: true,
                ...(input.flow === 'email' ? {} : { pass: 'una contraseña larga' }),
              }
            : payment,
        }),
      ),
    );
    cookie = cookieOf(checkout, cookie);
    const answer = JSON.parse(checkout.text) as { next: { type: string; url?: string } };
    if (answer.next.type !== 'redirect' || !answer.next.url) {
      throw new Error(`checkoutRegister answered next ${JSON.stringify(answer.next)}`);
    }
    const page = new URL(answer.next.url, input.base);
    await timed('sandbox notice', () =>
      call(
        input.base,
        'POST',
        page.pathname,
        { 'content-type': 'application/x-www-form-urlencoded', cookie },
        new URLSearchParams({ action: 'approve', phone: '600123456' }).toString(),
      ),
    );
    if (measuring) orders++;
    return cookie;
  }

  async function customer(n: number): Promise<void> {
    let cookie = '';
    while (!stop) {
      try {
        if (input.flow === 'returning' && !cookie) cookie = await logIn(n);
        await oneOrder(n, { cookie: input.flow === 'returning' ? cookie : '' });
      } catch (error) {
        if (measuring) failures++;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  }

  const loops = Array.from({ length: input.concurrency }, (_, n) => customer(n));
  await new Promise((r) => setTimeout(r, input.warmupSeconds * 1000));
  measuring = true;
  process.stderr.write('measuring\n');
  const started = performance.now();
  await new Promise((r) => setTimeout(r, input.seconds * 1000));
  measuring = false;
  process.stderr.write('stopped\n');
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  return { orders, failures, firstFailure, seconds, latencies };
}

if (process.env.ORDER_CLIENT_INPUT) {
  const result = await run(JSON.parse(process.env.ORDER_CLIENT_INPUT) as OrderClientInput);
  process.stdout.write(JSON.stringify(result));
}
