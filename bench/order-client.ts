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
import { randomUUID } from 'node:crypto';

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
      fetch(`${input.base}${API}/config`, { headers: { accept: 'application/json', cookie: as.cookie } }),
    );
    let cookie = cookieOf(first, as.cookie);
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

    const email = as.register ?? `bench-${process.pid}-${customer}-${++sequence}-${Date.now()}@example.com`;
    const payment = { type: 'bizum', phone: '600123456', request_id: randomUUID() };
    const registering = as.register !== undefined || input.flow !== 'returning';
    const checkout = await timed('checkout', () =>
      fetch(`${input.base}${API}/${registering ? 'checkoutRegister' : 'checkoutAuthenticated'}`, {
        method: 'POST',
        headers: { ...json, cookie, 'x-form-key': config.form_key },
        body: JSON.stringify({
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
