import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { esMunicipalities } from './reference.ts';

/** A storefront (spec 1 store ids). */
export const stores = pgTable('stores', {
  id: integer('id').primaryKey(),
  language: text('language').$type<'es' | 'pt' | 'en'>().notNull(),
  kind: text('kind').$type<'main' | 'registry' | 'portuguese' | 'english' | 'generic'>().notNull(),
  portalName: text('portal_name').notNull(),
  homepage: text('homepage').notNull(),
  phone: text('phone').notNull(),
  navbarImage: text('navbar_image').notNull().default(''),
  /** Host names that select this store (host-name mapping). */
  hostnames: text('hostnames').array().notNull().default([]),
  /** VAT rate in basis points (2100 = 21 %). */
  vatRateBp: integer('vat_rate_bp').notNull(),
  currency: text('currency').notNull().default('EUR'),
  cardGateway: text('card_gateway').notNull().default('sandbox'),
  paymentMethods: text('payment_methods').array().notNull().default([]),
  analyticsAccount: text('analytics_account'),
  tagIds: text('tag_ids').array().notNull().default([]),
  optimizeId: text('optimize_id'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
});

/** A product; `definition` is the spec 3 product definition (ProductDefinition). */
export const products = pgTable('products', {
  id: integer('id').primaryKey(),
  kind: text('kind').$type<'fixed' | 'generic' | 'located'>().notNull(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().default(''),
  /** Base price in cents, VAT included. */
  priceCents: integer('price_cents').notNull(),
  officialFeeCents: integer('official_fee_cents').notNull().default(0),
  definition: jsonb('definition').notNull(),
  /** Bumped on every change; quote items store the version they were filled with. */
  version: integer('version').notNull().default(1),
  stores: integer('stores').array().notNull().default([]),
  visible: boolean('visible').notNull().default(true),
  visibleOnServices: integer('visible_on_services').array().notNull().default([]),
  editable: boolean('editable').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every published version of a product's definition (the catalogue editor adds
 * one per save): an order item names the version it was bought with.
 */
export const productVersions = pgTable(
  'product_versions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    officialFeeCents: integer('official_fee_cents').notNull(),
    definition: jsonb('definition').notNull(),
    /** The operator who published it; null for the seed's. */
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.version] })],
);

/** Spanish property registries: operator-managed (no public dataset exists). */
export const registries = pgTable(
  'registries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    municipality: text('municipality').notNull(),
    municipalityIne: text('municipality_ine').references(() => esMunicipalities.ine),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Usual delivery time of a Nota Simple, in working hours (the standard service's promise). */
    deliveryHours: integer('delivery_hours').notNull(),
    /** The urgent service's working hours; null: as deliveryHours. */
    urgentDeliveryHours: integer('urgent_delivery_hours'),
    /** 'ES' registro de la propiedad, 'PT' conservatória do registo predial (municipality: its concelho). */
    country: text('country').$type<'ES' | 'PT'>().notNull().default('ES'),
    /** Office hours Monday to Friday, 'HH:MM' in the registry's time zone. */
    opensAt: text('opens_at').notNull().default('09:00'),
    closesAt: text('closes_at').notNull().default('14:00'),
    /** Saturday closing time when it opens on Saturday mornings (never in August); null: closed. */
    saturdayClosesAt: text('saturday_closes_at'),
    isExample: boolean('is_example').notNull().default(false),
  },
  (t) => [index('registries_municipality_ine_idx').on(t.municipalityIne)],
);

/** Place names served by slow registries (spec 5): operator-managed. */
export const slowRegistryPlaces = pgTable('slow_registry_places', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isExample: boolean('is_example').notNull().default(false),
});
