/** The back office's one order: its detail and the panel transitions an operator makes (zod schemas). */
import * as z from 'zod/mini';
import { text } from './fields.ts';
import { AdminIncidentSchema } from './incidents.ts';
import { MandateSchema, VoucherSchema } from './pending-payment.ts';

// ---- one order ---------------------------------------------------------------------

const FileRefSchema = z.object({
  id: z.int(),
  name: z.string(),
  kind: z.string(),
  size: z.int(),
  item_id: z.nullable(z.int()),
  created_at: z.string(),
});

export const OrderDetailSchema = z.object({
  id: z.string(),
  store_id: z.int(),
  status: z.string(),
  panel_status_id: z.nullable(z.int()),
  email: z.string(),
  /** The holder ("Titular") as the customer gave it in the form; null when the form names nobody. */
  holder: z._default(z.nullable(z.string()), null),
  total_cents: z.int(),
  payment_method: z.nullable(z.string()),
  billing: z.record(z.string(), z.string()),
  created_at: z.string(),
  paid: z.boolean(),
  /** The delivery promise (ISO, ADR 034) and a late order's service-fee refund (queued, done, failed, waived). */
  promised_at: z.optional(z.nullable(z.string())),
  late_refund: z.optional(
    z.nullable(
      z.object({
        state: z.enum(['queued', 'done', 'failed', 'waived']),
        amount_cents: z.nullable(z.int()),
        reason: z.nullable(z.string()),
      }),
    ),
  ),
  /** The server statuses the state machine allows from here, given the order's facts. */
  allowed: z.array(z.string()),
  items: z.array(
    z.object({
      id: z.int(),
      parent_id: z.nullable(z.int()),
      product_id: z.int(),
      product_name: z.string(),
      product_version: z.nullable(z.int()),
      panel_status_id: z.int(),
      price_cents: z.int(),
      /** The customer's stored form answers, as sent (the advanced view). */
      form: z.record(z.string(), z.unknown()),
      /**
       * The answers as the operator reads them: option titles and value names from
       * the catalogue version the item was bought with; empty when unknown.
       */
      answers: z._default(
        z.array(z.object({ option_id: z.int(), title: z.string(), value: z.string() })),
        [],
      ),
    }),
  ),
  files: z.array(FileRefSchema),
  payments: z.array(
    z.object({
      id: z.int(),
      attempt: z.int(),
      method: z.string(),
      gateway: z.string(),
      status: z.string(),
      amount_cents: z.int(),
      created_at: z.string(),
      /** The Multibanco voucher or direct-debit mandate the payment issued (issue 17 item 4). */
      voucher: z.optional(VoucherSchema),
      mandate: z.optional(MandateSchema),
      /** A sandbox payment still open: the sandbox's ATM or bank page. */
      sandbox_url: z.optional(z.string()),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.int(),
      kind: z.enum(['invoice', 'credit_note']),
      number: z.string(),
      total_cents: z.int(),
      file_id: z.nullable(z.int()),
      issued_at: z.string(),
    }),
  ),
  mails: z.array(
    z.object({
      id: z.int(),
      to: z.string(),
      subject: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  history: z.array(
    z.object({
      id: z.int(),
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
  /** The incidents raised on the order, newest first, with the customer's answers. */
  incidents: z._default(z.array(AdminIncidentSchema), []),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderDetailAnswerSchema = z.object({ ok: z.literal(true), order: OrderDetailSchema });

/** The panel statuses an operator moves an order through (DESIGN.md "Back office"). */
export const PANEL_TARGETS = ['pending', 'in_progress', 'incident', 'ready'] as const;
export type PanelTarget = (typeof PANEL_TARGETS)[number];

/** A transition: to a panel status; an incident needs the message the customer is sent. */
export const TransitionBodySchema = z
  .object({
    to: z.enum(PANEL_TARGETS, { error: 'invalid_option' }),
    message: z._default(text(2000), ''),
  })
  .check(
    z.refine((body) => body.to !== 'incident' || body.message.length > 0, {
      error: 'required',
      path: ['message'],
    }),
  );
export type TransitionBody = z.infer<typeof TransitionBodySchema>;
