import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { filesRoot } from '../files/files.service.ts';
import { localStorage } from '../files/storage.ts';
import { setDefaultIssuer } from '../invoices/invoices.service.ts';
import {
  ORDER_CONFIRMATION_JOB,
  type OrderConfirmationJob,
  runOrderConfirmation,
} from '../invoices/order-confirmation.ts';
import { loadSessionSecret } from '../session/session-secret.ts';
import {
  expirePayment,
  PAYMENT_EXPIRY_JOB,
  type PaymentExpiryJob,
  setGatewaySelection,
  setSandboxEnabled,
} from './payments.service.ts';
import { setSandboxSecret } from './sandbox.gateway.ts';
import { runVoucherReminder, VOUCHER_REMINDER_JOB, type VoucherReminderJob } from './voucher-mail.ts';

/** The sandbox gateway is on unless PAYMENT_SANDBOX says otherwise or, unset, NODE_ENV is production. */
export function sandboxEnabled(env: Pick<Env, 'PAYMENT_SANDBOX' | 'NODE_ENV'>): boolean {
  return env.PAYMENT_SANDBOX ?? env.NODE_ENV !== 'production';
}

/**
 * Configures payments at start: the sandbox's notice key (derived from the
 * server secret, so every instance verifies every other's notices), which
 * gateway takes which method (PAYMENT_GATEWAYS), the invoices' issuer, and the
 * order.confirmation worker (invoice PDF + confirmation mail).
 */
export const paymentsPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    setSandboxSecret(loadSessionSecret(env));
    setGatewaySelection(env.PAYMENT_GATEWAYS);
    setSandboxEnabled(sandboxEnabled(env));
    setDefaultIssuer({
      name: env.INVOICE_ISSUER_NAME,
      taxId: env.INVOICE_ISSUER_TAX_ID,
      address: env.INVOICE_ISSUER_ADDRESS,
    });
    const storage = localStorage(filesRoot(env));
    await app.jobs.work<OrderConfirmationJob>(
      ORDER_CONFIRMATION_JOB,
      (job) => runOrderConfirmation(app.database.db, storage, job),
      { retryLimit: 8, retryDelay: 10, retryBackoff: true },
    );
    await app.jobs.work<PaymentExpiryJob>(PAYMENT_EXPIRY_JOB, async (job) => {
      await expirePayment(app.database.db, job);
    });
    await app.jobs.work<VoucherReminderJob>(VOUCHER_REMINDER_JOB, async (job) => {
      await runVoucherReminder(app.database.db, job);
    });
  },
  { name: 'payments', dependencies: ['database', 'jobs'] },
);
