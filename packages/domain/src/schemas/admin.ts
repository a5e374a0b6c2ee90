import * as z from 'zod/mini';
import { PROMISE_DUE } from '../rules/delivery-promise.ts';
import { ORDER_STATUSES } from '../rules/order-status.ts';
import {
  EmailSchema,
  IdFromStringSchema,
  OrderIdSchema,
  queryDigits,
  requiredText,
  text,
  typeError,
} from './fields.ts';

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

/** The queue's filters and search (query string); the default shows the paid orders being worked on. */
export const OrderQueueQuerySchema = z.object({
  store: z.optional(queryDigits(3)),
  product: z.optional(IdFromStringSchema),
  /** A server status, 'all', or none: the paid orders still being worked on. */
  status: z.optional(z.enum([...ORDER_STATUSES, 'all'], { error: 'invalid_option' })),
  from: z.optional(DateFilterSchema),
  to: z.optional(DateFilterSchema),
  paid: z.optional(z.enum(['paid', 'unpaid'], { error: 'invalid_option' })),
  /** Order id, e-mail, holder or DNI. */
  q: z.optional(text(120)),
  page: z.optional(queryDigits(5)),
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
