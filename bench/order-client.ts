// The load side of the whole-order bench (order-load.ts), in a worker thread so
// it does not share the server's event loop. Each virtual customer loops over
// one whole order as a browser makes it: GET config (session and form key),
// POST addns (a Nota Simple in the cart), POST checkoutRegister (registers with
// a password, creates the order, starts a Bizum payment on the sandbox), POST
// the sandbox's Bizum page "approve" (the sandbox sends its signed payment
// notice; the order is paid, its invoice numbered and its mail queued).
import { parentPort, workerData } from 'node:worker_threads';

export interface OrderClientInput {
  base: string;
  seconds: number;
  concurrency: number;
  /** Warm-up seconds before measuring (JIT, pools, caches). */
  warmupSeconds: number;
  form: Record<string, unknown>;
}

export const STEPS = ['config', 'addns', 'checkoutRegister', 'sandbox notice'] as const;
export type Step = (typeof STEPS)[number];

export interface OrderClientResult {
  orders: number;
  failures: number;
  firstFailure: string | null;
  seconds: number;
  latencies: Record<Step, number[]>;
}

const API = '/desktopapp/rest';

function cookieOf(response: Response, previous: string): string {
  const jar = new Map(previous ? previous.split('; ').map((c) => c.split('=', 2) as [string, string]) : []);
  for (const header of response.headers.getSetCookie()) {
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

  async function timed(step: Step, call: () => Promise<Response>): Promise<Response> {
    const started = performance.now();
    const response = await call();
    // The body is part of the call's time.
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (measuring) latencies[step].push(elapsed);
    if (response.status >= 400) throw new Error(`${step} answered ${response.status}: ${text.slice(0, 300)}`);
    return new Response(response.status === 204 || response.status === 303 ? null : text, {
      status: response.status,
      headers: response.headers,
    });
  }

  async function oneOrder(customer: number): Promise<void> {
    const json = { 'content-type': 'application/json', accept: 'application/json' };
    const first = await timed('config', () =>
      fetch(`${input.base}${API}/config`, { headers: { accept: 'application/json' } }),
    );
    let cookie = cookieOf(first, '');
    let { config } = (await first.json()) as { config: { form_key: string } };

    const added = await timed('addns', () =>
      fetch(`${input.base}${API}/addns`, {
        method: 'POST',
        headers: { ...json, cookie, 'x-form-key': config.form_key },
        body: JSON.stringify({ config, form: input.form }),
      }),
    );
    cookie = cookieOf(added, cookie);
    config = ((await added.json()) as { config: typeof config }).config ?? config;

    const email = `bench-${process.pid}-${customer}-${++sequence}-${Date.now()}@example.com`;
    const checkout = await timed('checkoutRegister', () =>
      fetch(`${input.base}${API}/checkoutRegister`, {
        method: 'POST',
        headers: { ...json, cookie, 'x-form-key': config.form_key },
        body: JSON.stringify({
          config,
          form: {
            email,
            accept_terms: true,
            pass: 'una contraseña larga',
            type: 'bizum',
            phone: '600123456',
          },
        }),
      }),
    );
    cookie = cookieOf(checkout, cookie);
    const answer = (await checkout.json()) as { next: { type: string; url?: string } };
    if (answer.next.type !== 'redirect' || !answer.next.url) {
      throw new Error(`checkoutRegister answered next ${JSON.stringify(answer.next)}`);
    }
    const page = new URL(answer.next.url, input.base);
    await timed('sandbox notice', () =>
      fetch(`${input.base}${page.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ action: 'approve', phone: '600123456' }).toString(),
        redirect: 'manual',
      }),
    );
    if (measuring) orders++;
  }

  async function customer(n: number): Promise<void> {
    while (!stop) {
      try {
        await oneOrder(n);
      } catch (error) {
        if (measuring) failures++;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  }

  const loops = Array.from({ length: input.concurrency }, (_, n) => customer(n));
  await new Promise((r) => setTimeout(r, input.warmupSeconds * 1000));
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, input.seconds * 1000));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  return { orders, failures, firstFailure, seconds, latencies };
}

if (parentPort) {
  const result = await run(workerData as OrderClientInput);
  parentPort.postMessage(result);
}
