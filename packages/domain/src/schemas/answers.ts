import * as z from 'zod/mini';
import { CartItemSchema, CartSchema } from './cart.ts';
import { ClientRecordSchema } from './client.ts';
import { RuntimeConfigSchema } from './config.ts';
import { PendingPaymentSchema, VoucherSchema } from './pending-payment.ts';
import { type ProductDefinition, ProductDefinitionSchema } from './product.ts';

/** Every answer: `{ ok, message?, config }` plus the call's own data (DECISIONS.md "Payloads"). */
export const ApiAnswerSchema = z.object({
  ok: z.boolean(),
  message: z.optional(z.string()),
  config: RuntimeConfigSchema,
});
export type ApiAnswer = z.infer<typeof ApiAnswerSchema>;

/** One field error: `path` joins the payload path with dots ('form.email'); `message` is in the store's language. */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/** Error answers (400 with per-field errors; 401, 403, 404, 409, 429 with an empty list). */
export const ApiErrorSchema = z.object({
  ok: z.literal(false),
  message: z.string(),
  errors: z.array(FieldErrorSchema),
  /** The request's id (X-Request-Id), to quote to support; the server's logs carry it. */
  request_id: z.optional(z.string()),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** GET cart: the cart and the config. */
export const CartAnswerSchema = z.extend(ApiAnswerSchema, { cart: CartSchema });
export type CartAnswer = z.infer<typeof CartAnswerSchema>;

/** updatequoteitem?id=: the changed item with the config (whose cart holds it). */
export const CartItemAnswerSchema = z.extend(ApiAnswerSchema, { ok: z.literal(true), item: CartItemSchema });
export type CartItemAnswer = z.infer<typeof CartItemAnswerSchema>;

/**
 * addns, addqp, addcertidao, addipredial, addgeneric(WithAssociation): the added
 * item, or a polite refusal (`ok: false` with an HTML message, spec 2 "Polite modal").
 */
export const CartAddAnswerSchema = z.union([
  CartItemAnswerSchema,
  z.extend(ApiAnswerSchema, { ok: z.literal(false), message: z.string() }),
]);
export type CartAddAnswer = z.infer<typeof CartAddAnswerSchema>;

/**
 * GET product?id: `message` holds the product definition as JSON text (spec 7);
 * parseProductMessage reads it. `product` is the same definition as an object
 * (absent when `ok` is false, and from servers before it).
 */
export const ProductAnswerSchema = z.extend(ApiAnswerSchema, {
  product: z.optional(ProductDefinitionSchema),
});
export type ProductAnswer = z.infer<typeof ProductAnswerSchema>;

/** The product definition inside a product answer's message; null when absent or not a definition. */
export function parseProductMessage(answer: { ok: boolean; message?: string }): ProductDefinition | null {
  if (!answer.ok || answer.message === undefined) return null;
  try {
    const parsed = z.safeParse(ProductDefinitionSchema, JSON.parse(answer.message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** GET client. */
export const ClientAnswerSchema = z.extend(ApiAnswerSchema, { client: ClientRecordSchema });

/**
 * GET checkEmail/email/{email}: whether a customer is registered with the address
 * (the only answer that tells, spec 5 "Register"); when one is, `message` is
 * 'Ya existe un cliente registrado con esta dirección.' in the store's language.
 */
export const CheckEmailAnswerSchema = z.extend(ApiAnswerSchema, { exists: z.boolean() });

/** A file the customer uploaded (an option's answer, an incident form's). */
export const UploadedFileSchema = z.object({
  id: z.int(),
  name: z.string(),
  size: z.int(),
  content_type: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** POST pushFilesToPedido/ (multipart): the stored files, with the config. */
export const UploadAnswerSchema = z.extend(ApiAnswerSchema, {
  ok: z.literal(true),
  files: z.array(UploadedFileSchema),
});
export type UploadAnswer = z.infer<typeof UploadAnswerSchema>;

/** GET version.json. */
export const VersionAnswerSchema = z.object({ version: z.string() });

/** What the storefront does after a checkout call (DECISIONS.md "Payloads"). */
export const CheckoutNextSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('success') }),
  z.object({ type: z.literal('redirect'), url: z.string() }),
  z.object({ type: z.literal('3ds'), url: z.string() }),
  z.object({
    type: z.literal('voucher'),
    entity: z.string(),
    /** 9 digits (7 + 2 check digits, domain rules/multibanco.ts). */
    reference: z.string(),
    /** Euros with a dot and two decimals, as the voucher prints it: '20.76'. */
    amount: z.string(),
    expires_at: z.string(),
  }),
  z.object({ type: z.literal('pending') }),
  /**
   * The attempt failed: `message` is the spec's failed-payment text; `detail`
   * says that no money was taken (issue 17 item 5), shown with it once.
   */
  z.object({ type: z.literal('failed'), message: z.string(), detail: z.optional(z.string()) }),
  /** A Stripe Payment Element takes the card (the real Stripe adapter). */
  z.object({ type: z.literal('stripe'), client_secret: z.string(), publishable_key: z.string() }),
]);
export type CheckoutNext = z.infer<typeof CheckoutNextSchema>;

/** checkoutAuthenticated/, checkoutRegister/ and checkoutRegisterPaypal/: `{ ok, order_id, store_id, next }` plus the config. */
export const CheckoutAnswerSchema = z.extend(ApiAnswerSchema, {
  order_id: z.string(),
  store_id: z.int(),
  next: CheckoutNextSchema,
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;

/**
 * otherMethodsPaymentIntent/, otherMethodsPaypal/, moneiPaymentIntent/ and
 * otherMethodsBizum/ (spec 7: ok, message, config): a new payment attempt of the
 * same order. `next` says what the storefront does, as after a checkout;
 * `message` is the failed-payment text when the attempt failed at once.
 */
export const PaymentIntentAnswerSchema = z.extend(ApiAnswerSchema, {
  order_id: z.string(),
  attempt: z.int(),
  next: CheckoutNextSchema,
});
export type PaymentIntentAnswer = z.infer<typeof PaymentIntentAnswerSchema>;

/** How an order's payment stands (checkout/success, payment/retry). */
export const PaymentStateSchema = z.enum(['unpaid', 'pending', 'paid', 'failed']);
export type PaymentState = z.infer<typeof PaymentStateSchema>;

/**
 * GET orderSummary/?order_id=: the owner's order as checkout/success and
 * payment/retry show it. `payment.message` is the failed-payment text after a
 * failed attempt (the storefront sets its invalid-payment flag with it);
 * `voucher` is a Multibanco voucher still to pay; `pending` the voucher or the
 * direct-debit mandate still open.
 */
export const OrderSuccessSchema = z.object({
  order_id: z.string(),
  store_id: z.int(),
  created_at: z.string(),
  status: z.string(),
  status_label: z.string(),
  total: z.int(),
  email: z.string(),
  payment_method: z.nullable(z.string()),
  payment: z.object({
    state: PaymentStateSchema,
    attempt: z.int(),
    message: z.optional(z.string()),
    /** With a failed state: that no money was taken. */
    detail: z.optional(z.string()),
    /**
     * True when the customer may pay the order now (another attempt): not paid,
     * not canceled, no attempt being started. A paid order's retry page offers nothing.
     */
    payable: z.optional(z.boolean()),
    voucher: z.optional(VoucherSchema),
    /** The voucher or direct-debit mandate still open (issue 17 item 4), with the sandbox's page for a sandbox payment. */
    pending: z.optional(PendingPaymentSchema),
  }),
  /**
   * Every line of the order, an add-on (child line, ADR 027) after its parent
   * with its `parent_id`; `official_fee` is the registry's fee inside `price`.
   */
  items: z.array(
    z.object({
      product_id: z.int(),
      name: z.string(),
      qty: z.int(),
      price: z.int(),
      id: z.optional(z.int()),
      parent_id: z.optional(z.nullable(z.int())),
      official_fee: z.optional(z.int()),
    }),
  ),
  invoice_available: z.boolean(),
  /** The delivery promise of the order (ISO, ADR 034): the checkout's, then the one stored when paid. */
  promised_at: z.optional(z.nullable(z.string())),
});
export type OrderSuccess = z.infer<typeof OrderSuccessSchema>;
export const OrderSuccessAnswerSchema = z.extend(ApiAnswerSchema, { order: OrderSuccessSchema });
