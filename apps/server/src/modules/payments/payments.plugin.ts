import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { storeBaseUrl } from '../../http/store-base-url.ts';
import { setDefaultIssuer } from '../invoices/invoices.service.ts';
import {
  ORDER_CONFIRMATION_JOB,
  type OrderConfirmationJob,
  runOrderConfirmation,
} from '../invoices/order-confirmation.ts';
import { refundLatePayment, resolveAttempt } from './payment-jobs.ts';
import { expirePayment } from './payment-notices.ts';
import {
  PAYMENT_EXPIRY_JOB,
  PAYMENT_REFUND_JOB,
  type PaymentExpiryJob,
  type PaymentRefundJob,
} from './payment-outcome.ts';
import { PAYMENT_RESOLVE_JOB, type PaymentResolveJob } from './payment-start.ts';
import { RESOLVE_SWEEP_CRON, RESOLVE_SWEEP_JOB, resolveStaleAttempts } from './resolve-sweep.ts';
import { runVoucherReminder, VOUCHER_REMINDER_JOB, type VoucherReminderJob } from './voucher-mail.ts';

export { sandboxEnabled } from './gateways.plugin.ts';

/**
 * Configures payments at start: the invoices' issuer, the order.confirmation
 * worker (invoice PDF + confirmation mail) and the payments' own jobs: a
 * voucher's expiry, the resolution of attempts whose start answer was lost (a sweep),
 * and the refund of money captured for an order already paid. The gateways
 * themselves are `app.gateways` (gateways.plugin.ts).
 */
export const paymentsPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    setDefaultIssuer({
      name: env.INVOICE_ISSUER_NAME,
      taxId: env.INVOICE_ISSUER_TAX_ID,
      address: env.INVOICE_ISSUER_ADDRESS,
    });
    const storage = app.storage;
    const db = app.database.db;
    // Mails link to the order's page on the storefront (issue 20 item 7).
    const storefront = { baseUrl: env.PUBLIC_BASE_URL, appPrefix: env.APP_PREFIX };
    await app.jobs.work<OrderConfirmationJob>(
      ORDER_CONFIRMATION_JOB,
      (job) =>
        runOrderConfirmation(db, storage, job, {
          storeMail: app.mailer.mode === 'store',
          renderPdf: (document) => app.pdf.render(document),
          links: { appPrefix: env.APP_PREFIX, baseUrl: (store) => storeBaseUrl(env, store) },
        }),
      // Eight fetch loops of up to 5 jobs (issue 22). With one loop of 5, a batch's round trips and its
      // PDFs (one pool thread) ran one after the other, and at 32 customers the confirmations fell ~10 s
      // behind the orders. A loop fetches again only when its whole batch is done, so small batches in
      // several loops wait less behind a batch's slowest job. Bench, mails behind after 30 s at 32
      // customers, alternating in the same minutes: 2 loops of 20, 3.98 / 2.87 s; 3 of 20, 3.04 /
      // 2.45 s; 4 of 10, 2.39 / 1.76 / 2.54 / 0.89 s; 6 of 10, 1.65 / 0.80 s; 8 of 5, 0.69 / 0.68 s.
      // Idle, each loop polls once a second.
      { retryLimit: 8, retryDelay: 10, retryBackoff: true, concurrency: 8, batchSize: 5 },
    );
    await app.jobs.work<PaymentExpiryJob>(PAYMENT_EXPIRY_JOB, async (job) => {
      await expirePayment(db, job);
    });
    // Attempts whose start answer was lost: a sweep once a minute (resolve-sweep.ts, issue 22). The
    // per-attempt job is no longer queued; its worker stays for the jobs queued before.
    await app.jobs.work(
      RESOLVE_SWEEP_JOB,
      async () => {
        await resolveStaleAttempts(db, app.gateways, new Date(), (err, paymentId) =>
          app.log.warn({ err, paymentId }, 'stale payment attempt not resolved; the next sweep tries again'),
        );
      },
      { retryLimit: 0, expireInSeconds: 10 * 60 },
    );
    await app.jobs.schedule(RESOLVE_SWEEP_JOB, RESOLVE_SWEEP_CRON);
    await app.jobs.work<PaymentResolveJob>(
      PAYMENT_RESOLVE_JOB,
      async (job) => {
        await resolveAttempt(db, app.gateways, job.paymentId);
      },
      { retryLimit: 10, retryDelay: 60, retryBackoff: true },
    );
    await app.jobs.work<PaymentRefundJob>(
      PAYMENT_REFUND_JOB,
      async (job) => {
        await refundLatePayment(db, app.gateways, job.paymentId);
      },
      { retryLimit: 10, retryDelay: 60, retryBackoff: true },
    );
    await app.jobs.work<VoucherReminderJob>(VOUCHER_REMINDER_JOB, async (job) => {
      await runVoucherReminder(db, job, new Date(), storefront);
    });
  },
  { name: 'payments', dependencies: ['database', 'documents', 'jobs', 'storage', 'gateways', 'mail'] },
);
