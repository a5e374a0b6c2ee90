import * as z from 'zod/mini';
import { IdSchema, optionalText, requiredText } from './fields.ts';

/**
 * Located properties (issue 10 item 3): what the operator records for a paid
 * properties search, and what the back office reads back. Every found property
 * becomes a child item (20,76 EUR) of a new quote for the customer.
 */

/** At most this many properties are recorded at once (the search's largest choice is 50). */
export const MAX_LOCATED_PROPERTIES = 50;

/** One property found: the located product's options by meaning (holder, municipality, registry, finca...). */
export const LocatedPropertySchema = z.object({
  titular: requiredText(200),
  municipio: requiredText(200),
  registro: requiredText(200),
  finca: requiredText(100),
  idufir: optionalText(100),
  direccion: optionalText(300),
});
export type LocatedProperty = z.infer<typeof LocatedPropertySchema>;

/** POST /admin/api/orders/{id}/items/{itemId}/located: the properties found; an empty list is "none found". */
export const RecordLocatedBodySchema = z.object({
  properties: z
    .array(LocatedPropertySchema)
    .check(z.maxLength(MAX_LOCATED_PROPERTIES, { error: 'too_long' })),
});
export type RecordLocatedBody = z.infer<typeof RecordLocatedBodySchema>;

/** What was recorded for a search: the properties, the quote made for them (null: none found), its state. */
export const LocatedRecordSchema = z.object({
  properties: z.array(LocatedPropertySchema),
  quote_id: z.nullable(IdSchema),
  /** 'open' waiting for the customer, 'ordered' paid for, 'cancelled' (the customer cancelled), 'none' nothing found. */
  quote_status: z.enum(['open', 'ordered', 'cancelled', 'none']),
  mail_id: z.nullable(z.int()),
  created_at: z.string(),
});
export type LocatedRecord = z.infer<typeof LocatedRecordSchema>;

/** A properties search item of an order and what was recorded for it (null: nothing yet). */
export const LocatedSearchSchema = z.object({
  item_id: z.int(),
  product_id: z.int(),
  /** The located-property product each found property becomes (18324, 18347, 15868 or 18361). */
  located_product_id: z.int(),
  price_cents: z.int(),
  record: z.nullable(LocatedRecordSchema),
});
export type LocatedSearch = z.infer<typeof LocatedSearchSchema>;

/** GET /admin/api/orders/{id}/located. */
export const LocatedAnswerSchema = z.object({ ok: z.literal(true), searches: z.array(LocatedSearchSchema) });
export type LocatedAnswer = z.infer<typeof LocatedAnswerSchema>;

/** POST .../located: the record (a repeated identical call answers the same record). */
export const RecordLocatedAnswerSchema = z.object({ ok: z.literal(true), search: LocatedSearchSchema });
