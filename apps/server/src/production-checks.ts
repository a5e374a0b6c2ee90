import type { Env } from './env.ts';
import { EXAMPLE_ISSUER } from './modules/invoices/invoices.service.ts';
import { invoicingProductionProblems } from './modules/invoices/production-check.ts';
import { sandboxEnabled } from './modules/payments/payments.plugin.ts';

/**
 * What a production start (NODE_ENV=production) must have set: every problem
 * at once, each naming the variable to set, so an operator fixes them in one
 * go (server.ts prints them and exits 1). `rawPaymentSandbox` is the
 * variable as written (env.ts `rawPaymentSandbox()`). Outside production: none, so
 * `npm start` on a fresh clone runs with no configuration.
 */
export function productionProblems(env: Env, rawPaymentSandbox: string | undefined): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.SESSION_SECRET) {
    problems.push(
      'SESSION_SECRET: set it (at least 32 random characters, the same on every instance); without it each instance signs sessions with a key of its own',
    );
  }
  const issuer = [
    ['INVOICE_ISSUER_NAME', env.INVOICE_ISSUER_NAME, EXAMPLE_ISSUER.name],
    ['INVOICE_ISSUER_TAX_ID', env.INVOICE_ISSUER_TAX_ID, EXAMPLE_ISSUER.taxId],
    ['INVOICE_ISSUER_ADDRESS', env.INVOICE_ISSUER_ADDRESS, EXAMPLE_ISSUER.address],
  ] as const;
  for (const [name, value, example] of issuer) {
    if (!value || value.trim() === example) {
      problems.push(
        `${name}: set the invoices' issuer (${value ? 'it is the example value' : 'unset, invoices would name the example company'})`,
      );
    }
  }
  // A Spanish issuer sends its invoice records to the AEAT (VERI*FACTU): its certificate (issue 18).
  problems.push(...invoicingProductionProblems(env));
  // Off in production unless said; 'yes' or '1' is not saying it.
  if (sandboxEnabled(env) && rawPaymentSandbox !== 'true') {
    problems.push(
      'PAYMENT_SANDBOX: the test payment sandbox is on; say PAYMENT_SANDBOX=true to run it in production (a demo), or unset it',
    );
  }
  return problems;
}
