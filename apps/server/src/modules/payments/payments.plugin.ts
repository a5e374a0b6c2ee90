import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { setDefaultIssuer } from '../invoices/invoices.service.ts';
import { loadSessionSecret } from '../session/session-secret.ts';
import { setGatewaySelection } from './payments.service.ts';
import { setSandboxSecret } from './sandbox.gateway.ts';

/**
 * Configures payments at start: the sandbox's notice key (derived from the
 * server secret, so every instance verifies every other's notices), which
 * gateway takes which method (PAYMENT_GATEWAYS) and the invoices' issuer.
 */
export const paymentsPlugin = fp<{ env: Env }>(
  async (_app, { env }) => {
    setSandboxSecret(loadSessionSecret(env));
    setGatewaySelection(env.PAYMENT_GATEWAYS);
    setDefaultIssuer({
      name: env.INVOICE_ISSUER_NAME,
      taxId: env.INVOICE_ISSUER_TAX_ID,
      address: env.INVOICE_ISSUER_ADDRESS,
    });
  },
  { name: 'payments' },
);
