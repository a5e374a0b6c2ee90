import { isPortugueseStore } from '@shop/domain';
import type { Env } from '../../env.ts';
import { EXAMPLE_ISSUER } from './invoices.service.ts';

type InvoicingEnv = Pick<
  Env,
  | 'NODE_ENV'
  | 'INVOICE_ISSUER_NAME'
  | 'INVOICE_ISSUER_TAX_ID'
  | 'INVOICE_ISSUER_ADDRESS'
  | 'VERIFACTU_CERT'
  | 'VERIFACTU_CERT_PASSWORD'
>;

/** A Spanish NIF, NIE or CIF by its shape (optionally with the 'ES' VAT prefix); check digits are not the point here. */
const SPANISH_TAX_ID = /^(ES)?([0-9XYZ]\d{7}[A-Z]|[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J])$/i;

/** True when the issuer is Spanish: a Spanish tax id, or an address in Spain. */
export function isSpanishIssuer(taxId: string | undefined, address: string | undefined): boolean {
  const id = (taxId ?? '').replace(/[\s.-]/g, '');
  return SPANISH_TAX_ID.test(id) || /\b(España|Espanha|Spain)\s*$/i.test((address ?? '').trim());
}

/**
 * What a production server with a Spanish issuer is missing (empty when
 * nothing): it must send every invoice record to the AEAT in VERI*FACTU mode
 * (RD 1007/2023, Orden HAC/1177/2024), which needs its certificate. An unset
 * issuer is the example one, which is Spanish. The example issuer itself is
 * refused by production-checks.ts (RD 1619/2012 art. 6.1.c asks for the
 * issuer's real name and NIF). Only NODE_ENV=production is checked.
 */
export function invoicingProductionProblems(env: InvoicingEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const taxId = env.INVOICE_ISSUER_TAX_ID ?? EXAMPLE_ISSUER.taxId;
  const address = env.INVOICE_ISSUER_ADDRESS ?? EXAMPLE_ISSUER.address;
  return isSpanishIssuer(taxId, address) ? verifactuProblems(env, 'a Spanish issuer') : [];
}

/** What VERI*FACTU needs and is missing, said for `who`. */
function verifactuProblems(env: InvoicingEnv, who: string): string[] {
  const missing = (['VERIFACTU_CERT', 'VERIFACTU_CERT_PASSWORD'] as const).filter((key) => !env[key]);
  if (missing.length === 0) return [];
  return [
    `${missing.join(', ')}: ${who} sends its invoice records to the AEAT (VERI*FACTU, RD 1007/2023); ` +
      'set VERIFACTU_CERT to its PKCS#12 certificate file and VERIFACTU_CERT_PASSWORD to its password.',
  ];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The stores' part of the check, once their rows are read (after the seed): a
 * store's own issuer (`settings.issuer`) must not be the example one, and a
 * store that invoices from Spain (its own Spanish issuer, or the default issuer
 * on a store of Spain: every store but the Portuguese ones invoices in the 'ES'
 * series) needs the VERI*FACTU settings even when the default issuer is not Spanish.
 */
export function storeInvoicingProblems(
  env: InvoicingEnv,
  stores: readonly { id: number; settings: Record<string, unknown> }[],
): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  let spanish: number | null = null;
  for (const store of stores) {
    const own = (store.settings.issuer ?? {}) as Record<string, unknown>;
    const hasOwn = text(own.name) !== '' && text(own.tax_id) !== '';
    if (hasOwn && (text(own.tax_id) === EXAMPLE_ISSUER.taxId || text(own.name) === EXAMPLE_ISSUER.name))
      problems.push(`store ${store.id}: settings.issuer is the example issuer; set the store's real issuer.`);
    const fromSpain = hasOwn
      ? isSpanishIssuer(text(own.tax_id), text(own.address))
      : !isPortugueseStore(store.id);
    if (fromSpain && spanish === null) spanish = store.id;
  }
  if (spanish !== null) problems.push(...verifactuProblems(env, `store ${spanish} invoices from Spain and`));
  return problems;
}
