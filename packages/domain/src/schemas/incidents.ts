import * as z from 'zod/mini';
import { IdSchema, OrderIdSchema, requiredText, text, typeError } from './fields.ts';

/**
 * The incident form (product/form/{form_id}/{order_id}): what the customer
 * answers when an operator raises an incident. `form_id` is the incident's id;
 * the form has two options, the customer's answer and the files, and its file
 * option is the one pushFilesToPedido takes for the order while the incident is open.
 */
export const INCIDENT_OPTION = { answer: 990001, files: 990002 } as const;

/** The most files one incident answer may name (each upload call carries up to 5). */
export const INCIDENT_MAX_FILES = 20;

const fileIds = text(400).check(
  z.regex(/^(\d{1,10}(,\d{1,10})*)?$/, { error: 'invalid_value' }),
  z.refine((value: string) => value === '' || value.split(',').length <= INCIDENT_MAX_FILES, {
    error: 'too_many',
  }),
);

/**
 * uploadForm's json_values, parsed: the generic form's values (spec 3:
 * {option_id, product_id, type, value}; only option_id and value are read).
 * The answer is required; files hold the uploaded file ids, comma-separated.
 */
export const IncidentValuesSchema = z
  .array(z.object({ option_id: IdSchema, value: z.string({ error: typeError() }) }), {
    error: typeError(),
  })
  .check(
    z.maxLength(10, { error: 'too_many' }),
    z.refine(
      (values) =>
        values.every((v) => v.option_id === INCIDENT_OPTION.answer || v.option_id === INCIDENT_OPTION.files),
      { error: 'invalid_option' },
    ),
  );

/** The answer's own checks, applied to the value of INCIDENT_OPTION.answer. */
export const IncidentAnswerTextSchema = requiredText(5000);
/** The files' value: uploaded file ids, comma-separated (may be empty). */
export const IncidentFileIdsSchema = fileIds;

/** uploadForm's json_form, parsed: any JSON object (the form the page showed, kept with the answers). */
export const IncidentFormJsonSchema = z.record(z.string(), z.unknown(), { error: typeError() });

/** The open incident of a customer's order: the operator's message and where its form is. */
export const OpenIncidentSchema = z.object({
  form_id: z.int(),
  order_id: OrderIdSchema,
  message: z.string(),
  created_at: z.string(),
});
export type OpenIncident = z.infer<typeof OpenIncidentSchema>;

/** An incident as the back office shows it: the message, and the customer's answers once given. */
export const AdminIncidentSchema = z.object({
  id: z.int(),
  message: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  answered_at: z.nullable(z.string()),
  answers: z.array(z.object({ option_id: z.int(), label: z.string(), value: z.string() })),
  file_ids: z.array(z.int()),
});
export type AdminIncident = z.infer<typeof AdminIncidentSchema>;

/** An admin's credit note: why the order is refunded (printed on the audit row, kept with the note). */
/**
 * The admin's credit note: the reason (required: it is printed on the rectifying
 * invoice and in the mail) and, for a partial refund, the amount in cents (more
 * than 0; at most what is left to refund, checked by the server). Without an
 * amount the whole payment left is refunded (ADR 029).
 */
export const CreditNoteBodySchema = z.object({
  reason: requiredText(500),
  amount_cents: z.optional(
    z
      .int({ error: typeError() })
      .check(z.positive({ error: 'invalid_value' }), z.lte(100_000_000, { error: 'refund_above_left' })),
  ),
});
export type CreditNoteBody = z.infer<typeof CreditNoteBodySchema>;

export const CreditNoteAnswerSchema = z.object({
  ok: z.literal(true),
  credit_note: z.object({
    id: z.int(),
    number: z.string(),
    total_cents: z.int(),
    file_id: z.int(),
    refund_ref: z.string(),
    /** R1 (rectifies a complete invoice) or R5 (a simplified one). */
    type: z.enum(['R1', 'R5']),
    /** What is still refundable of the payment after this note (0: fully refunded, the order closed). */
    left_cents: z.int(),
  }),
  status: z.string(),
});
export type CreditNoteAnswer = z.infer<typeof CreditNoteAnswerSchema>;
