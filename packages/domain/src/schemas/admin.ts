import * as z from 'zod/mini';
import { PROMISE_DUE } from '../rules/delivery-promise.ts';
import { ORDER_STATUSES } from '../rules/order-status.ts';
import {
  EmailSchema,
  IdFromStringSchema,
  IdSchema,
  OrderIdSchema,
  requiredText,
  text,
  typeError,
} from './fields.ts';
import { AdminIncidentSchema } from './incidents.ts';
import { MandateSchema, VoucherSchema } from './pending-payment.ts';

/**
 * The back office's API (/admin/api/*): every payload of the admin SPA and the
 * server, validated on both sides with the same schemas.
 */

/** An admin manages operators and the catalogue besides the orders; an agent works the orders only. */
export const OPERATOR_ROLES = ['admin', 'agent'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES, { error: 'invalid_option' });

/** At least 12 characters (NIST 800-63B: length, no composition rules), at most 200. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OperatorPasswordSchema = z
  .string({ error: typeError('password_required') })
  .check(
    z.minLength(OPERATOR_PASSWORD_MIN, { error: 'password_too_short' }),
    z.maxLength(200, { error: 'too_long' }),
  );

export const AdminLoginBodySchema = z.object({
  email: EmailSchema,
  // Not the creation rules: a log in only compares.
  password: z
    .string({ error: typeError('password_required') })
    .check(z.maxLength(200, { error: 'too_long' })),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBodySchema>;

export const OperatorSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  role: OperatorRoleSchema,
  disabled: z.boolean(),
  /** Two-step sign-in (TOTP) enrolled; the secret itself is never in an answer. */
  totp: z.boolean(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** The signed-in operator, the CSRF token for X-Admin-CSRF and the session's two deadlines. */
export const AdminSessionAnswerSchema = z.object({
  ok: z.literal(true),
  operator: OperatorSchema,
  csrf_token: z.string(),
  idle_expires_at: z.string(),
  expires_at: z.string(),
  /**
   * 'done': signed in; 'required': the password was right, a TOTP or recovery
   * code is still due; 'enrol': an admin without TOTP must enrol before anything else.
   */
  second_factor: z.enum(['done', 'required', 'enrol']),
});
export type AdminSessionAnswer = z.infer<typeof AdminSessionAnswerSchema>;

export const AdminOkSchema = z.object({ ok: z.literal(true) });

export const OperatorListAnswerSchema = z.object({ ok: z.literal(true), operators: z.array(OperatorSchema) });

export const CreateOperatorBodySchema = z.object({
  email: EmailSchema,
  name: requiredText(120),
  role: OperatorRoleSchema,
  password: OperatorPasswordSchema,
});
export type CreateOperatorBody = z.infer<typeof CreateOperatorBodySchema>;

export const UpdateOperatorBodySchema = z.object({
  role: z.optional(OperatorRoleSchema),
  disabled: z.optional(z.boolean({ error: typeError() })),
  name: z.optional(requiredText(120)),
});
export type UpdateOperatorBody = z.infer<typeof UpdateOperatorBodySchema>;

export const OperatorAnswerSchema = z.object({ ok: z.literal(true), operator: OperatorSchema });

export const IdParamsSchema = z.object({ id: IdFromStringSchema });
export const OrderIdParamsSchema = z.object({ id: OrderIdSchema });

// ---- the order queue ----------------------------------------------------------------

export const OrderStatusSchema = z.enum(ORDER_STATUSES, { error: 'invalid_option' });

/** A yyyy-mm-dd date of a filter. */
/** A calendar day that exists (no 0000-01-31, no 2026-02-30): PostgreSQL refuses the others. */
export function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const DateFilterSchema = z
  .string({ error: typeError() })
  .check(
    z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'invalid_date' }),
    z.refine(isCalendarDay, { error: 'invalid_date' }),
  );

const digits = (max: number) =>
  z.pipe(
    z.string({ error: typeError() }).check(z.regex(new RegExp(`^\\d{1,${max}}$`), { error: 'invalid_id' })),
    z.transform((v: string) => Number(v)),
  );

/** The queue's filters and search (query string); the default shows the paid orders being worked on. */
export const OrderQueueQuerySchema = z.object({
  store: z.optional(digits(3)),
  product: z.optional(IdFromStringSchema),
  /** A server status, 'all', or none: the paid orders still being worked on. */
  status: z.optional(z.enum([...ORDER_STATUSES, 'all'], { error: 'invalid_option' })),
  from: z.optional(DateFilterSchema),
  to: z.optional(DateFilterSchema),
  paid: z.optional(z.enum(['paid', 'unpaid'], { error: 'invalid_option' })),
  /** Order id, e-mail, holder or DNI. */
  q: z.optional(text(120)),
  page: z.optional(digits(5)),
  /** 'promise' (default): least time left to the delivery promise first (ADR 034); 'age': oldest first. */
  sort: z.optional(z.enum(['promise', 'age'], { error: 'invalid_option' })),
});
export type OrderQueueQuery = z.infer<typeof OrderQueueQuerySchema>;

export const QUEUE_PAGE_SIZE = 50;

export const OrderQueueRowSchema = z.object({
  id: z.string(),
  store_id: z.int(),
  status: z.string(),
  panel_status_id: z.nullable(z.int()),
  email: z.string(),
  holder: z.string(),
  products: z.array(z.string()),
  total_cents: z.int(),
  paid: z.boolean(),
  created_at: z.string(),
  /** Seconds since the order was placed. */
  waiting_seconds: z.int(),
  /** The delivery promise (ISO, ADR 034) and how it stands now; null when none was made. */
  promised_at: z.optional(z.nullable(z.string())),
  promise_due: z.optional(z.nullable(z.enum(PROMISE_DUE))),
  /** The customer chose the urgent service. */
  urgent: z.optional(z.boolean()),
});
export type OrderQueueRow = z.infer<typeof OrderQueueRowSchema>;

export const OrderQueueAnswerSchema = z.object({
  ok: z.literal(true),
  rows: z.array(OrderQueueRowSchema),
  /** True when a next page exists. */
  more: z.boolean(),
  page: z.int(),
});
export type OrderQueueAnswer = z.infer<typeof OrderQueueAnswerSchema>;

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

// ---- catalogue, mail ------------------------------------------------------------------

export const CatalogListAnswerSchema = z.object({
  ok: z.literal(true),
  products: z.array(
    z.object({ id: z.int(), name: z.string(), kind: z.string(), version: z.int(), price_cents: z.int() }),
  ),
});

export const AdminProductVersionSchema = z.object({
  version: z.int(),
  name: z.string(),
  price_cents: z.int(),
  official_fee_cents: z.int(),
  definition: z.unknown(),
  created_at: z.string(),
  operator: z.nullable(z.string()),
});

export const AdminProductAnswerSchema = z.object({
  ok: z.literal(true),
  product: z.object({
    id: z.int(),
    kind: z.string(),
    name: z.string(),
    version: z.int(),
    price_cents: z.int(),
    official_fee_cents: z.int(),
    definition: z.unknown(),
  }),
  versions: z.array(AdminProductVersionSchema),
});

/**
 * A new version of a product definition (its name and prices are the
 * definition's own): checked with ProductDefinitionSchema on the server.
 */
export const SaveProductBodySchema = z.object({
  /** The version being edited: a save over a newer one is a conflict. */
  base_version: IdSchema,
  definition: z.unknown(),
});
export type SaveProductBody = z.infer<typeof SaveProductBodySchema>;
export const SaveProductAnswerSchema = z.object({ ok: z.literal(true), version: z.int() });

export const MailListQuerySchema = z.object({
  status: z.optional(z.enum(['queued', 'sent', 'failed', 'stored'], { error: 'invalid_option' })),
  page: z.optional(digits(5)),
});

export const MailSummarySchema = z.object({
  id: z.int(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  /** Delivery attempts so far and the last failure's message (a failed mail says why). */
  attempts: z.int(),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
});

export const MailListAnswerSchema = z.object({
  ok: z.literal(true),
  mails: z.array(MailSummarySchema),
  more: z.boolean(),
});

/** A mail sent again: the new mail's id (its own delivery state). */
export const MailResendAnswerSchema = z.object({ ok: z.literal(true), mail_id: z.int() });

/** The mails of an order (to its customer, naming it), newest first. */
export const OrderMailsAnswerSchema = z.object({ ok: z.literal(true), mails: z.array(MailSummarySchema) });

export const MailAnswerSchema = z.object({
  ok: z.literal(true),
  mail: z.extend(MailSummarySchema, {
    text: z.string(),
    html: z.nullable(z.string()),
    attachments: z.array(z.object({ file_id: z.int(), filename: z.string() })),
  }),
});

// ---- the audit log -----------------------------------------------------------------

export const AuditQuerySchema = z.object({
  entity: z.optional(
    z.enum(['order', 'operator', 'product', 'mail', 'store', 'registry', 'calendar_holiday'], {
      error: 'invalid_option',
    }),
  ),
  entity_id: z.optional(text(40)),
  actor: z.optional(text(254)),
  page: z.optional(digits(5)),
});

export const AuditAnswerSchema = z.object({
  ok: z.literal(true),
  entries: z.array(
    z.object({
      id: z.int(),
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      entity: z.string(),
      entity_id: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
  more: z.boolean(),
});

// ---- bulk status changes and the CSV export of the queue ----------------------------

/** The panel targets a selection may be moved to at once (an incident needs its own message). */
export const BULK_TARGETS = ['pending', 'in_progress', 'ready'] as const;
export const BULK_MAX_ORDERS = 100;

/** POST /orders/bulk-transition: the selected orders and where they go. */
export const BulkTransitionBodySchema = z.object({
  ids: z
    .array(OrderIdSchema)
    .check(z.minLength(1, { error: 'required' }), z.maxLength(BULK_MAX_ORDERS, { error: 'too_many' })),
  to: z.enum(BULK_TARGETS, { error: 'invalid_option' }),
});
export type BulkTransitionBody = z.infer<typeof BulkTransitionBodySchema>;

/** Why one order of a bulk change did not move: unknown, refused by the state machine, or missing its document. */
export const BULK_REFUSALS = ['not_found', 'refused', 'no_document'] as const;

/** The result per order, in the order given. */
export const BulkTransitionAnswerSchema = z.object({
  ok: z.literal(true),
  results: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      /** The status it moved to (ok), or the one it kept (refused; null when unknown). */
      status: z.nullable(z.string()),
      reason: z.optional(z.enum(BULK_REFUSALS)),
    }),
  ),
});
export type BulkTransitionAnswer = z.infer<typeof BulkTransitionAnswerSchema>;

/** GET /orders.csv: the queue's filters, without the page (every matching order). */
export const OrderExportQuerySchema = z.omit(OrderQueueQuerySchema, { page: true });
export type OrderExportQuery = z.infer<typeof OrderExportQuerySchema>;
