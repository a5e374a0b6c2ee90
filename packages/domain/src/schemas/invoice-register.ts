import * as z from 'zod/mini';
import { DateFilterSchema } from './admin.ts';
import { typeError } from './fields.ts';

/**
 * The invoice register (libro registro de facturas expedidas, RD 1619/2012
 * art. 6.1 and Reglamento del IVA art. 63): the invoices and rectifying
 * invoices issued, filtered by series and by the Madrid days they were issued
 * on (both ends included). Issue 18 item 8.
 */
export const InvoiceRegisterQuerySchema = z
  .object({
    series: z.optional(
      z.string({ error: typeError() }).check(z.regex(/^[A-Z0-9-]{1,12}$/, { error: 'invalid_value' })),
    ),
    from: z.optional(DateFilterSchema),
    to: z.optional(DateFilterSchema),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.from <= q.to, {
      error: 'invalid_date',
      path: ['to'],
    }),
  );
export type InvoiceRegisterQuery = z.infer<typeof InvoiceRegisterQuerySchema>;

/** A record's state at the AEAT, as the register shows it. */
export const VERIFACTU_STATES = [
  'pending',
  'sent',
  'accepted',
  'accepted_with_errors',
  'rejected',
  'not_configured',
] as const;
export type VerifactuState = (typeof VERIFACTU_STATES)[number];

/** The states' names in the back office and its CSV (the back office speaks Spanish). */
export const VERIFACTU_STATE_LABELS: Record<VerifactuState, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  accepted: 'Aceptado',
  accepted_with_errors: 'Aceptado con errores',
  rejected: 'Rechazado',
  not_configured: 'No configurado',
};

export const InvoiceRegisterRowSchema = z.object({
  kind: z.enum(['invoice', 'rectifying']),
  id: z.int(),
  /** One format everywhere (formatInvoiceNumber). */
  number: z.string(),
  series: z.string(),
  /** yyyy-mm-dd, the Madrid day of issue. */
  date: z.string(),
  type: z.enum(['F1', 'F2', 'R1', 'R5']),
  order_id: z.string(),
  customer_name: z.nullable(z.string()),
  customer_tax_id: z.nullable(z.string()),
  /** A rectifying invoice's rectified invoice number. */
  rectifies: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  base_cents: z.int(),
  vat_cents: z.int(),
  /** The official fees paid in the customer's name (suplidos), outside the VAT base. */
  fees_cents: z.int(),
  total_cents: z.int(),
  file_id: z.nullable(z.int()),
  verifactu: z.object({
    state: z.enum(VERIFACTU_STATES),
    record_id: z.nullable(z.int()),
    error_code: z.nullable(z.string()),
    error_text: z.nullable(z.string()),
    csv: z.nullable(z.string()),
  }),
});
export type InvoiceRegisterRow = z.infer<typeof InvoiceRegisterRowSchema>;

export const InvoiceRegisterTotalsSchema = z.object({
  series: z.string(),
  count: z.int(),
  base_cents: z.int(),
  vat_cents: z.int(),
  fees_cents: z.int(),
  total_cents: z.int(),
});
export type InvoiceRegisterTotals = z.infer<typeof InvoiceRegisterTotalsSchema>;

export const InvoiceRegisterAnswerSchema = z.object({
  ok: z.literal(true),
  invoices: z.array(InvoiceRegisterRowSchema),
  /** One row per series, then the period's total (series ''). */
  totals: z.array(InvoiceRegisterTotalsSchema),
  total: InvoiceRegisterTotalsSchema,
});
export type InvoiceRegisterAnswer = z.infer<typeof InvoiceRegisterAnswerSchema>;
