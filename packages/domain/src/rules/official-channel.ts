import * as z from 'zod/mini';
import { isPortugueseStore } from './stores.ts';

/**
 * The official channel where a customer can order the documents themselves, and
 * its fee (issue 18 item 6: the shop says it is a private service, not the
 * registry, and points to the official channel). A store may set its own in
 * `settings.official_channel`; `fee_cents` is the official fee of the channel's
 * basic document, `fee_note` what it covers (optional, in the store's language).
 */
export const OfficialChannelSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  url: z.url({ protocol: /^https$/ }).check(z.maxLength(300)),
  fee_cents: z.int().check(z.gte(0), z.lte(1_000_000)),
  fee_note: z.optional(z.string().check(z.maxLength(200))),
});
export type OfficialChannel = z.infer<typeof OfficialChannelSchema>;

/**
 * The defaults: for Spain the Colegio de Registradores' registradores.org, where
 * a nota simple costs 9,02 € + VAT = 10,91 € (DECISIONS.md "Money"); for Portugal
 * the IRN's Predial Online, where the certidão permanente costs 15 €.
 */
export function defaultOfficialChannel(storeId: number): OfficialChannel {
  return isPortugueseStore(storeId)
    ? { name: 'Predial Online', url: 'https://www.predialonline.pt/', fee_cents: 1500 }
    : { name: 'registradores.org', url: 'https://www.registradores.org/', fee_cents: 1091 };
}

/** The store's official channel: its valid setting, else the country's default. */
export function officialChannelOf(storeId: number, setting: unknown): OfficialChannel {
  const parsed = z.safeParse(OfficialChannelSchema, setting);
  return parsed.success ? parsed.data : defaultOfficialChannel(storeId);
}
