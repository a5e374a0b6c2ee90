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
import { setGatewaySelection } from './payments.service.ts';
import { setSandboxSecret } from './sandbox.gateway.ts';

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
  },
  { name: 'payments', dependencies: ['database', 'jobs'] },
);
