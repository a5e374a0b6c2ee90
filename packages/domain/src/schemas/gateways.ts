import * as z from 'zod/mini';
import { ApiAnswerSchema, CheckoutNextSchema } from './answers.ts';
import { OrderIdSchema, typeError } from './fields.ts';

/**
 * GET stripe/rest/process/?order_id= (spec 7, "completion of a card payment"),
 * after the Payment Element: the browser confirmed with Stripe.js, or sends the
 * confirmation token it created so the server confirms.
 */
export const StripeProcessQuerySchema = z.object({
  order_id: OrderIdSchema,
  confirmation_token: z.optional(
    z
      .string({ error: typeError() })
      .check(z.regex(/^ctoken_[A-Za-z0-9_]{1,200}$/, { error: 'invalid_value' })),
  ),
});
export type StripeProcessQuery = z.infer<typeof StripeProcessQuerySchema>;

/** Its answer: where the payment stands, as the checkout's `next`. */
export const StripeProcessAnswerSchema = z.extend(ApiAnswerSchema, {
  order_id: z.string(),
  next: CheckoutNextSchema,
});
export type StripeProcessAnswer = z.infer<typeof StripeProcessAnswerSchema>;
