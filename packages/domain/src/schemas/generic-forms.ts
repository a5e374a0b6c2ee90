/** The generic wizard's form (spec 3 "Generic form"): its answers, confirmation answers and related products (zod schemas). */
import * as z from 'zod/mini';
import { IdSchema, OriginIdSchema, text } from './fields.ts';
import { issue } from './form-checks.ts';
import { OptionTypeSchema } from './product.ts';

/** One recorded answer of the generic wizard (spec 3 "Generic form"). */
export const GenericValueSchema = z.object({
  option_id: IdSchema,
  product_id: IdSchema,
  type: OptionTypeSchema,
  value: text(5000),
});
export type GenericValue = z.infer<typeof GenericValueSchema>;

/** An answer to a confirmation question or an early-checkout extra field. */
export const ConfirmAnswerSchema = z.object({ option_id: IdSchema, value: text(5000) });
export type ConfirmAnswer = z.infer<typeof ConfirmAnswerSchema>;

/**
 * Generic form (spec 3): `values` in step order (their count is the wizard's step),
 * `confirm_values` the confirmation screen's answers, `related_product_ids` the
 * related products the customer ticked. Every value belongs to `product_id` and
 * names an option once; the definition check is checkGenericForm.
 */
export const GenericFormSchema = z
  .object({
    product_id: IdSchema,
    values: z.array(GenericValueSchema).check(z.maxLength(60, { error: 'too_many' })),
    confirm_values: z._default(
      z.array(ConfirmAnswerSchema).check(z.maxLength(60, { error: 'too_many' })),
      [],
    ),
    related_product_ids: z._default(z.array(IdSchema).check(z.maxLength(20, { error: 'too_many' })), []),
    origin: z.optional(text(64)),
    origin_id: z.optional(OriginIdSchema),
  })
  .check(
    z.superRefine((form, ctx) => {
      const seen = new Set<number>();
      form.values.forEach((value, index) => {
        if (value.product_id !== form.product_id) {
          ctx.issues.push({
            code: 'custom',
            message: 'wrong_product',
            path: ['values', index, 'product_id'],
            input: value,
          });
        }
        if (seen.has(value.option_id)) {
          ctx.issues.push({
            code: 'custom',
            message: 'invalid_value',
            path: ['values', index, 'option_id'],
            input: value,
          });
        }
        seen.add(value.option_id);
      });
    }),
  );
export type GenericForm = z.infer<typeof GenericFormSchema>;
export type GenericFormInput = z.input<typeof GenericFormSchema>;

/** Generic form sent to addgenericWithAssociation: origin and origin_id are required. */
export const AssociatedGenericFormSchema = GenericFormSchema.check(
  z.superRefine((form, ctx) => {
    if (!form.origin) issue(ctx, 'origin', 'required');
    if (!form.origin_id) issue(ctx, 'origin_id', 'required');
  }),
);
