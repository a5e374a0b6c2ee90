import * as z from 'zod/mini';
import { OfficialChannelSchema } from '../rules/official-channel.ts';
import { PaymentMethodSchema } from './config.ts';
import { requiredText, text } from './fields.ts';

/**
 * The back office's store settings (admins only, /admin/api/stores): what the
 * database holds is editable (the methods a store lists, wallets, the support
 * phone, `nsCopy`, the intermediary text = the official channel); what the
 * environment holds is shown read-only (gateways: only whether configured,
 * never a credential; the invoice issuer of INVOICE_ISSUER_*).
 */
export const AdminStoreSummarySchema = z.object({
  id: z.int(),
  portal_name: z.string(),
  language: z.enum(['es', 'pt', 'en']),
  homepage: z.string(),
  payment_methods: z.array(z.string()),
});

export const AdminStoreListAnswerSchema = z.object({
  ok: z.literal(true),
  stores: z.array(AdminStoreSummarySchema),
});

/** One payment method as the server could take it on this store: the gateway, or null when none is configured. */
export const AdminStoreMethodSchema = z.object({
  method: PaymentMethodSchema,
  /** The gateway that would take it (as the storefront's `payment_gateways`), null: none configured. */
  gateway: z.nullable(z.string()),
  /** The method the offer is made as (a listed `cc` taken by Stripe is offered as `stripe`). */
  offered_as: z.nullable(PaymentMethodSchema),
  listed: z.boolean(),
});

export const AdminStoreDetailSchema = z.object({
  id: z.int(),
  portal_name: z.string(),
  language: z.enum(['es', 'pt', 'en']),
  homepage: z.string(),
  phone: z.string(),
  methods: z.array(AdminStoreMethodSchema),
  /** The storefront's runtime configuration `payment_methods` / `payment_gateways` for this store. */
  offered: z.array(z.object({ method: PaymentMethodSchema, gateway: z.string() })),
  /** The gateways configured on this server (environment): names and methods, no credential. */
  gateways: z.array(z.object({ name: z.string(), methods: z.array(z.string()) })),
  sandbox: z.boolean(),
  wallets: z.boolean(),
  /** The store's own `nsCopy`, null when it uses the language's default (`ns_copy_default`). */
  ns_copy: z.nullable(z.string()),
  ns_copy_default: z.string(),
  /** The store's own official channel (the intermediary text), null when it uses the country's default. */
  official_channel: z.nullable(OfficialChannelSchema),
  official_channel_default: OfficialChannelSchema,
  issuer: z.object({
    name: z.string(),
    tax_id: z.string(),
    address: z.string(),
    /** `store`: settings.issuer; `environment`: INVOICE_ISSUER_* (or the example one when unset). */
    source: z.enum(['store', 'environment']),
  }),
  /** Whether a conversion script is set (settings.conversion_script); its text is not shown. */
  conversion_script: z.boolean(),
});
export type AdminStoreDetail = z.infer<typeof AdminStoreDetailSchema>;

export const AdminStoreAnswerSchema = z.object({ ok: z.literal(true), store: AdminStoreDetailSchema });

/** What an admin may change: the database's part of a store's settings. */
export const StoreSettingsBodySchema = z.object({
  phone: requiredText(40),
  payment_methods: z.array(PaymentMethodSchema).check(
    z.maxLength(12, { error: 'too_many' }),
    z.refine((list) => new Set(list).size === list.length, 'duplicate'),
  ),
  wallets: z.boolean({ error: 'invalid_type' }),
  /** null: the language's default text. */
  ns_copy: z.nullable(text(500)),
  /** null: the country's default channel. */
  official_channel: z.nullable(OfficialChannelSchema),
});
export type StoreSettingsBody = z.infer<typeof StoreSettingsBodySchema>;
