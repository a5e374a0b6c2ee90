/** The back office's catalogue, mails and audit log (zod schemas). */
import * as z from 'zod/mini';
import { IdSchema, queryDigits, text } from './fields.ts';

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
  page: z.optional(queryDigits(5)),
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
  page: z.optional(queryDigits(5)),
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
