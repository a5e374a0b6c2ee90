import * as z from 'zod/mini';

/**
 * A payment the customer still has to complete outside the shop (issue 17
 * item 4): a Multibanco voucher to pay at an ATM or in home banking, or a
 * direct-debit mandate waiting for the bank's collection. The payment's stored
 * data holds the same shapes (`data.voucher`, `data.mandate`), whichever
 * gateway issued them.
 */
export const VoucherSchema = z.object({
  /** 5 digits. */
  entity: z.string(),
  /** 9 digits (7 + 2 check digits, rules/multibanco.ts). */
  reference: z.string(),
  /** Euros with a dot and two decimals, as the voucher prints it: '20.76'. */
  amount: z.string(),
  /** ISO date-time: the voucher cannot be paid after it. */
  expires_at: z.string(),
});
export type Voucher = z.infer<typeof VoucherSchema>;

export const MandateSchema = z.object({
  /** The mandate's reference (SEPA mandate id). */
  reference: z.string(),
  /** ISO date-time the customer gave it. */
  signed_at: z.string(),
  /** The account, masked: country code and last digits only ('ES91…1332'). */
  account: z.string(),
});
export type Mandate = z.infer<typeof MandateSchema>;

/**
 * The open payment of an order: its method, the voucher or the mandate, and, for
 * a sandbox payment only, the sandbox's ATM or bank page that plays the
 * customer's side (never set for a real gateway).
 */
export const PendingPaymentSchema = z.object({
  method: z.string(),
  voucher: z.optional(VoucherSchema),
  mandate: z.optional(MandateSchema),
  sandbox_url: z.optional(z.string()),
});
export type PendingPayment = z.infer<typeof PendingPaymentSchema>;
