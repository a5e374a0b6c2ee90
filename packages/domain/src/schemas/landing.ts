import * as z from 'zod/mini';
import { LANDING_FOLDERS } from '../rules/landing.ts';
import { ApiAnswerSchema } from './answers.ts';
import { RequestConfigSchema } from './api.ts';
import { CentsSchema } from './product.ts';
export const LandingFolderSchema = z.enum(LANDING_FOLDERS);
export type LandingFolder = z.infer<typeof LandingFolderSchema>;

/** POST municipio/ (spec 7): `{ url, folder }`, url being the municipality's url_municipio (slug). */
export const MunicipioBodySchema = z.object({
  config: z._default(RequestConfigSchema, {}),
  url: z
    .string()
    .check(z.minLength(1), z.maxLength(120), z.regex(/^[a-z0-9-]+$/i, { error: 'invalid_value' })),
  folder: LandingFolderSchema,
});
export type MunicipioBody = z.infer<typeof MunicipioBodySchema>;

/** A property registry the operator knows serves the municipality (registries table). */
export const LandingRegistrySchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
});

/** What a landing page shows: the municipality, its registries, the Nota Simple's price and delivery. */
export const LandingDataSchema = z.object({
  folder: LandingFolderSchema,
  url: z.string(),
  /** The landing page's path below the application prefix: '/RegistroPropiedad/madrid'. */
  path: z.string(),
  municipality: z.object({
    ine: z.string(),
    name: z.string(),
    province: z.string(),
    ccaa: z.string(),
  }),
  /** Empty when the operator has no registry for it: the page then says we find it. */
  registries: z.array(LandingRegistrySchema),
  /** Usual delivery hours of its registry; null when unknown. */
  delivery_hours: z.nullable(z.number()),
  /** The Nota Simple's all-in price and the official fee inside it, in cents. */
  price: CentsSchema,
  official_fee: CentsSchema,
  vat_rate_bp: z.int(),
});
export type LandingData = z.infer<typeof LandingDataSchema>;

/** POST municipio/ answers the landing data and the configuration. */
export const MunicipioAnswerSchema = z.extend(ApiAnswerSchema, { landing: LandingDataSchema });
export type MunicipioAnswer = z.infer<typeof MunicipioAnswerSchema>;

/** The landing page's path: landingPath('RegistroPropiedad', 'madrid') -> '/RegistroPropiedad/madrid'. */
export function landingPath(folder: LandingFolder, url: string): string {
  return `/${folder}/${encodeURIComponent(url)}`;
}
