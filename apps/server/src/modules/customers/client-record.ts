/** The client record as the storefront reads it (from a customer row) and billing data checked by the store's rules. */

import {
  type Billing,
  billingSchemaFor,
  type ClientRecord,
  PaymentMethodSchema,
  toFieldErrors,
} from '@shop/domain';
import * as z from 'zod/mini';
import { invalidData } from '../../http/app-error.ts';
import type { CustomerRow } from './customers.repository.ts';

/** The client record of a customer row (billing null until filled in; card data is never kept). */
export function recordOf(row: CustomerRow, regions: { id: number; name: string }[]): ClientRecord {
  const billing = row.billing;
  const details = row.paymentDetails as { bank?: ClientRecord['payment']['bank']; paypal?: string };
  const preferred = PaymentMethodSchema.safeParse(row.preferredPayment);
  return {
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    region_id: row.regionId,
    regions,
    billing:
      billing && typeof billing.tax_id === 'string'
        ? {
            name: billing.name ?? '',
            tax_id: billing.tax_id,
            address: billing.address ?? '',
            city: billing.city ?? '',
            postcode: billing.postcode ?? '',
            province: billing.province ?? '',
            email: billing.email ?? row.email,
            phone: billing.phone ?? '',
          }
        : null,
    payment: {
      preferred_payment: row.preferredPayment === '' ? null : preferred.success ? preferred.data : 'cc',
      bank: details.bank ?? null,
      paypal: details.paypal ?? null,
    },
  };
}

/** Billing data checked by the store's rules (tax id and postal code of its country); paths under `prefix`. */
export function checkBilling(storeId: number, billing: Billing, prefix: string): Billing {
  const parsed = z.safeParse(billingSchemaFor(storeId), billing);
  if (!parsed.success) {
    throw invalidData(toFieldErrors(parsed.error.issues).map((e) => ({ ...e, path: `${prefix}.${e.path}` })));
  }
  return parsed.data;
}
