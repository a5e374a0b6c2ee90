import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { newSession, send, type TestApp, type TestSession } from './app.ts';
import { nsForm, postCart } from './cart.ts';
import { loggedInSession, uniqueEmail } from './customers.ts';
import { waitFor } from './wait.ts';

/** The customer flows the bench measures (bench/order-client.ts makes the same calls over HTTP). */
export type OrderFlow = 'email' | 'returning' | 'password';

/**
 * A whole order as the storefront makes it: GET config, POST addns, the
 * checkout (checkoutRegister with an e-mail only, checkoutRegister with a
 * password, or checkoutAuthenticated for a logged-in customer; each with the
 * request id the storefront sends), Bizum on the sandbox, whose approval sends
 * the signed payment notice. Resolves with the order id once its confirmation
 * mail is stored and its invoice has its VERI*FACTU record.
 */
export async function wholeOrder(
  t: TestApp,
  flow: OrderFlow,
  session?: TestSession,
): Promise<{ orderId: string; session: TestSession }> {
  const customer = session ?? (flow === 'returning' ? (await loggedInSession(t)).session : undefined);
  const started = customer ?? (await newSession(t.app));
  if (customer) {
    const config = await send(t.app, customer, { url: '/desktopapp/rest/config', formKey: false });
    if (config.statusCode !== 200) throw new Error(`config answered ${config.statusCode}`);
  }
  const added = await postCart(t.app, started, 'addns', { config: started.config, form: nsForm() });
  if (added.status !== 200) throw new Error(`addns answered ${added.status}: ${JSON.stringify(added.body)}`);
  const payment = { type: 'bizum', phone: '600123456', request_id: randomUUID() };
  const checkout = await send(t.app, started, {
    method: 'POST',
    url:
      flow === 'returning' ? '/desktopapp/rest/checkoutAuthenticated' : '/desktopapp/rest/checkoutRegister',
    payload: {
      config: started.config,
      form:
        flow === 'returning'
          ? payment
          : {
              ...payment,
              email: uniqueEmail(),
              accept_terms: true,
              ...(flow === 'password' ? { pass: 'una contraseña larga' } : {}),
            },
    },
  });
  if (checkout.statusCode !== 200)
    throw new Error(`checkout answered ${checkout.statusCode}: ${checkout.body}`);
  const { order_id: orderId, next } = checkout.json() as { order_id: string; next: { url?: string } };
  if (!next.url) throw new Error(`checkout answered no redirect: ${checkout.body}`);
  const approved = await send(t.app, started, {
    method: 'POST',
    url: new URL(next.url, 'http://shop.test').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action: 'approve', phone: '600123456' }).toString(),
    formKey: false,
  });
  if (approved.statusCode >= 400)
    throw new Error(`approval answered ${approved.statusCode}: ${approved.body}`);
  await waitFor(async () => {
    const [row] = await queryRows<{ mails: number; records: number }>(
      t.database.db,
      sql`SELECT
            (SELECT count(*) FROM mail_messages m
              WHERE m.status IN ('stored', 'sent') AND m.text LIKE '%' || ${orderId} || '%')::int AS mails,
            (SELECT count(*) FROM verifactu_records r JOIN invoices i ON i.id = r.invoice_id
              WHERE i.order_id = ${orderId})::int AS records`,
    );
    return (row?.mails ?? 0) >= 1 && (row?.records ?? 0) >= 1;
  });
  return { orderId, session: started };
}

/**
 * Waits until no job is waiting, retrying or running that is already due (a
 * job queued for later, as the once-a-minute sweep's next run, does not
 * count): the jobs an order queued have run and been completed.
 */
export async function jobsSettled(t: TestApp): Promise<void> {
  await waitFor(async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job
           WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
    );
    return (row?.n ?? 0) === 0;
  });
}
