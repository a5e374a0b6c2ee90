import * as z from 'zod/mini';
import { isValidCcc, isValidIban } from '../rules/bank.ts';
import { checkCardNumber, normalizeCardMonth, normalizeCardYear } from '../rules/card.ts';
import { isValidPhone, isValidPortuguesePostalCode, isValidSpanishPostalCode } from '../rules/contact.ts';
import { isValidMbwayPhone } from '../rules/mbway.ts';
import { isPortugueseStore } from '../rules/stores.ts';
import { isValidPortugueseNif, isValidSpanishTaxId } from '../rules/tax-ids.ts';
import { PaymentMethodSchema } from './config.ts';
import { EmailSchema, IdSchema, requiredText, text, typeError } from './fields.ts';

/**
 * Billing data (spec 3 "Customer profile"): every field required. The checks that
 * depend on the store (tax id and postal code formats) are in billingSchemaFor.
 */
const billingShape = {
  name: requiredText(200, 'name_required'),
  tax_id: requiredText(30, 'tax_id_required'),
  address: requiredText(300),
  city: requiredText(120),
  postcode: requiredText(20),
  province: requiredText(120),
  email: EmailSchema,
  phone: requiredText(30).check(z.refine(isValidPhone, { error: 'invalid_phone' })),
};
export const BillingSchema = z.object(billingShape);
export type Billing = z.infer<typeof BillingSchema>;

/**
 * Billing data for a store: Spanish stores want a Spanish NIF/NIE/CIF and a
 * Spanish postal code, Portuguese stores a Portuguese NIF and postal code; the
 * other stores (English, 20) take any non-blank tax id and postal code.
 */
export function billingSchemaFor(storeId: number) {
  const portuguese = isPortugueseStore(storeId);
  const spanish = !portuguese && ![17, 18, 19, 20].includes(storeId);
  return z.object(billingShape).check(
    z.superRefine((billing, ctx) => {
      const push = (path: string, message: string) =>
        ctx.issues.push({ code: 'custom', message, path: [path], input: billing });
      if (spanish && !isValidSpanishTaxId(billing.tax_id)) push('tax_id', 'invalid_tax_id');
      if (portuguese && !isValidPortugueseNif(billing.tax_id)) push('tax_id', 'invalid_tax_id');
      if (spanish && !isValidSpanishPostalCode(billing.postcode)) push('postcode', 'invalid_postal_code');
      if (portuguese && !isValidPortuguesePostalCode(billing.postcode))
        push('postcode', 'invalid_postal_code');
    }),
  );
}

const digits = (n: number) =>
  z
    .string({ error: typeError() })
    .check(z.trim(), z.regex(new RegExp(`^\\d{${n}}$`), { error: 'invalid_ccc' }));

/** A Spanish account in its four parts (spec 3), both control digits checked. */
export const CccSchema = z
  .object({ entidad: digits(4), oficina: digits(4), dc: digits(2), cuenta: digits(10) })
  .check(
    // A part of the wrong length is reported by its own field; only check the control digits of well-formed parts.
    z.refine((ccc) => !isCccShaped(ccc) || isValidCcc(ccc), { error: 'invalid_ccc', path: ['dc'] }),
  );

function isCccShaped(ccc: { entidad: string; oficina: string; dc: string; cuenta: string }): boolean {
  return (
    /^\d{4}$/.test(ccc.entidad) &&
    /^\d{4}$/.test(ccc.oficina) &&
    /^\d{2}$/.test(ccc.dc) &&
    /^\d{10}$/.test(ccc.cuenta)
  );
}

/** The client record's payment preferences that clientupdate may change; card data never leaves memory. */
export const ClientPaymentSchema = z.object({
  preferred_payment: z._default(z.nullable(PaymentMethodSchema), 'cc'),
  bank: z.optional(CccSchema),
  paypal: z.optional(EmailSchema),
});

/** The `data` of clientupdate (spec 3 "Customer profile / client record"). */
export const ClientDataSchema = z.object({
  firstname: z.optional(text(100)),
  lastname: z.optional(text(100)),
  region_id: z.optional(z.nullable(IdSchema)),
  billing: z.optional(BillingSchema),
  payment: z.optional(ClientPaymentSchema),
});
export type ClientData = z.infer<typeof ClientDataSchema>;

/** The client as GET client answers it. */
export const ClientRecordSchema = z.object({
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  region_id: z.nullable(z.int()),
  regions: z.array(z.object({ id: z.int(), name: z.string() })),
  billing: z.nullable(z.object({ ...BillingSchema.shape, email: z.string() })),
  payment: z.object({
    preferred_payment: z.nullable(PaymentMethodSchema),
    bank: z.nullable(
      z.object({ entidad: z.string(), oficina: z.string(), dc: z.string(), cuenta: z.string() }),
    ),
    paypal: z.nullable(z.string()),
  }),
});
export type ClientRecord = z.infer<typeof ClientRecordSchema>;

/** Card payment (spec 7 checkout type cc): number, month stored without a leading zero, 4-digit year. */
export const CardPaymentSchema = z.object({
  type: z.literal('cc'),
  num: z
    .string({ error: typeError('invalid_card_number') })
    .check(z.refine((num: string) => checkCardNumber(num) === null, { error: 'invalid_card_number' })),
  month: z.pipe(
    z.union([z.string(), z.int()], { error: 'card_date_required' }),
    z.transform((value: string | number, ctx) => {
      const month = normalizeCardMonth(String(value));
      const message = String(value).trim() === '' ? 'card_date_required' : 'invalid_card_month';
      if (month === null) ctx.issues.push({ code: 'custom', message, input: value });
      return month ?? '';
    }),
  ),
  year: z.pipe(
    z.union([z.string(), z.int()], { error: 'card_date_required' }),
    z.transform((value: string | number, ctx) => {
      const year = normalizeCardYear(String(value));
      const message = String(value).trim() === '' ? 'card_date_required' : 'invalid_card_year';
      if (year === null) ctx.issues.push({ code: 'custom', message, input: value });
      return String(year ?? '');
    }),
  ),
  cvc: z.optional(z.string().check(z.regex(/^\d{3,4}$/, { error: 'invalid_value' }))),
});

/**
 * The card variant of a checkout: the card fields (the sandbox's own card form), or none at all
 * when a real gateway's page or element takes the card (issue 17: card data never reaches us).
 * Some fields without the others is a card form half sent: each missing one is reported.
 */
const CheckoutCardSchema = z
  .object({
    type: z.literal('cc'),
    num: z.optional(CardPaymentSchema.shape.num),
    month: z.optional(CardPaymentSchema.shape.month),
    year: z.optional(CardPaymentSchema.shape.year),
    cvc: CardPaymentSchema.shape.cvc,
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.num === undefined && form.month === undefined && form.year === undefined) return;
      if (form.num === undefined)
        ctx.issues.push({ code: 'custom', message: 'invalid_card_number', path: ['num'], input: form });
      for (const key of ['month', 'year'] as const) {
        if (form[key] === undefined)
          ctx.issues.push({ code: 'custom', message: 'card_date_required', path: [key], input: form });
      }
    }),
  );

/**
 * Direct debit: an IBAN, or the four parts of a Spanish CCC; neither when the gateway's own
 * element takes the IBAN (Stripe's SEPA Direct Debit). An IBAN given must be valid.
 */
export const BankPaymentSchema = z
  .object({
    type: z.literal('bank'),
    iban: z.optional(text(42)),
    ccc: z.optional(CccSchema),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.ccc || form.iban === undefined) return;
      if (!isValidIban(form.iban)) {
        ctx.issues.push({ code: 'custom', message: 'invalid_iban', path: ['iban'], input: form });
      }
    }),
  );

/** The payment part of a checkout form: one variant per method (spec 7 "Checkout"). */
export const PaymentFormSchema = z.discriminatedUnion(
  'type',
  [
    CheckoutCardSchema,
    BankPaymentSchema,
    z.object({ type: z.literal('bizum'), phone: z.optional(text(30)) }),
    z.object({ type: z.literal('monei'), paymethod: z.optional(text(40)) }),
    z.object({ type: z.literal('moneimultibanco') }),
    /** MB WAY: the customer's Portuguese mobile number; the payment is confirmed in the MB WAY app. */
    z.object({
      type: z.literal('mbway'),
      phone: z.optional(text(30).check(z.refine(isValidMbwayPhone, { error: 'invalid_mbway_phone' }))),
    }),
    z.object({ type: z.literal('multibanco') }),
    z.object({ type: z.literal('paypal') }),
    z.object({ type: z.literal('stripe'), payment_method: z.optional(text(255)) }),
  ],
  {
    // No matching `type` is an unknown method; a missing or non-object form keeps the usual codes.
    error: (issue) => (issue.code === 'invalid_union' ? 'invalid_option' : typeError()(issue)),
  },
);
export type PaymentForm = z.infer<typeof PaymentFormSchema>;

/** Accepting the privacy policy and the contracting conditions (spec 5 "Register": pressing Next accepts them). */
export const TermsSchema = z.literal(true, { error: 'terms_not_accepted' });
