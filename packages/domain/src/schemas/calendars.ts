import * as z from 'zod/mini';
import { ES_REGIONS } from '../calendars/regions.ts';
import { IdSchema, requiredText } from './fields.ts';

/**
 * Registry calendars and the delivery promise (ADR 034): the storefront's
 * promise endpoint and the back office's calendar editor, validated on both
 * sides with these schemas.
 */

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const IsoDateSchema = z.string().check(
  z.regex(ISO_DATE, { error: 'invalid_date' }),
  z.refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: 'invalid_date',
    },
  ),
);
export const ClockTimeSchema = z.string().check(z.regex(HH_MM, { error: 'invalid_time' }));
export const CountrySchema = z.enum(['ES', 'PT'], { error: 'invalid_option' });

/** GET /api/delivery-promise: where (the form's municipality) and which service. */
export const PromiseQuerySchema = z.object({
  municipio: requiredText(200),
  urgent: z._default(z.enum(['0', '1']), '0'),
});
export const PromiseAnswerSchema = z.object({
  ok: z.literal(true),
  /** The promised instant (ISO); null: the registry's hours are unknown (show the store's nsCopy). */
  promised_at: z.nullable(z.string()),
  time_zone: z.enum(['Europe/Madrid', 'Europe/Lisbon']),
});
export type PromiseAnswer = z.infer<typeof PromiseAnswerSchema>;

export const HolidaySchema = z.object({
  id: IdSchema,
  date: IsoDateSchema,
  country: CountrySchema,
  region: z.nullable(z.string()),
  municipality: z.nullable(z.string()),
  name: z.string(),
  seeded: z.boolean(),
});
export type Holiday = z.infer<typeof HolidaySchema>;

/** A new holiday: national (no region, no municipality), a Spanish community's, or a municipality's. */
export const HolidayBodySchema = z
  .object({
    date: IsoDateSchema,
    country: CountrySchema,
    region: z._default(z.nullable(z.enum(ES_REGIONS, { error: 'invalid_option' })), null),
    municipality: z._default(z.nullable(requiredText(120)), null),
    name: requiredText(120),
  })
  .check(
    z.refine((b) => b.country === 'ES' || b.region === null, {
      error: 'region_spain_only',
      path: ['region'],
    }),
    z.refine((b) => b.region === null || b.municipality === null, {
      error: 'region_or_municipality',
      path: ['municipality'],
    }),
  );
export type HolidayBody = z.infer<typeof HolidayBodySchema>;

export const RegistryHoursSchema = z.object({
  id: IdSchema,
  name: z.string(),
  country: CountrySchema,
  municipality: z.string(),
  municipality_ine: z.nullable(z.string()),
  delivery_hours: z.int(),
  urgent_delivery_hours: z.nullable(z.int()),
  opens_at: ClockTimeSchema,
  closes_at: ClockTimeSchema,
  saturday_closes_at: z.nullable(ClockTimeSchema),
});
export type RegistryHours = z.infer<typeof RegistryHoursSchema>;

/** An operator's change of a registry's hours: office hours and the two services' working hours. */
export const RegistryHoursBodySchema = z
  .object({
    delivery_hours: z
      .int()
      .check(z.gte(1, { error: 'invalid_value' }), z.lte(720, { error: 'invalid_value' })),
    urgent_delivery_hours: z.nullable(
      z.int().check(z.gte(1, { error: 'invalid_value' }), z.lte(720, { error: 'invalid_value' })),
    ),
    opens_at: ClockTimeSchema,
    closes_at: ClockTimeSchema,
    saturday_closes_at: z.nullable(ClockTimeSchema),
  })
  .check(
    z.refine((b) => b.opens_at < b.closes_at, { error: 'closes_before_opening', path: ['closes_at'] }),
    z.refine((b) => b.saturday_closes_at === null || b.opens_at < b.saturday_closes_at, {
      error: 'closes_before_opening',
      path: ['saturday_closes_at'],
    }),
  );
export type RegistryHoursBody = z.infer<typeof RegistryHoursBodySchema>;

export const CalendarsQuerySchema = z.object({
  year: z.optional(z.string().check(z.regex(/^\d{4}$/))),
});
export const CalendarsAnswerSchema = z.object({
  ok: z.literal(true),
  registries: z.array(RegistryHoursSchema),
  holidays: z.array(HolidaySchema),
});
export type CalendarsAnswer = z.infer<typeof CalendarsAnswerSchema>;

/** The operator's waiver of a late order's service-fee refund: the reason is required (audited). */
export const LateRefundWaiverBodySchema = z.object({ reason: requiredText(500) });
