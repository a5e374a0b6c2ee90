import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Reference data copied from INE / CAOP (see NOTICE). Codes are strings. */
export const esProvinces = pgTable('es_provinces', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  officialName: text('official_name').notNull(),
  slug: text('slug').notNull().unique(),
  ccaaCode: text('ccaa_code').notNull(),
  ccaa: text('ccaa').notNull(),
  municipalityCount: integer('municipality_count').notNull(),
});

export const esMunicipalities = pgTable(
  'es_municipalities',
  {
    ine: text('ine').primaryKey(),
    name: text('name').notNull(),
    officialName: text('official_name').notNull(),
    slug: text('slug').notNull().unique(),
    provinceCode: text('province_code')
      .notNull()
      .references(() => esProvinces.code),
    province: text('province').notNull(),
    ccaaCode: text('ccaa_code').notNull(),
    ccaa: text('ccaa').notNull(),
  },
  (t) => [index('es_municipalities_province_idx').on(t.provinceCode)],
);

export const ptDistritos = pgTable('pt_distritos', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  kind: text('kind').notNull(),
  region: text('region').notNull(),
  group: text('group').notNull(),
});

export const ptConcelhos = pgTable(
  'pt_concelhos',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    distritoCode: text('distrito_code')
      .notNull()
      .references(() => ptDistritos.code),
    distrito: text('distrito').notNull(),
    region: text('region').notNull(),
  },
  (t) => [index('pt_concelhos_distrito_idx').on(t.distritoCode)],
);

export const ptFreguesias = pgTable(
  'pt_freguesias',
  {
    code: text('code').primaryKey(),
    freguesia: text('freguesia').notNull(),
    shortName: text('short_name').notNull(),
    concelho: text('concelho').notNull(),
    concelhoCode: text('concelho_code')
      .notNull()
      .references(() => ptConcelhos.code),
    distrito: text('distrito').notNull(),
    distritoCode: text('distrito_code')
      .notNull()
      .references(() => ptDistritos.code),
    region: text('region').notNull(),
    restored2025: boolean('restored_2025').notNull(),
  },
  (t) => [
    index('pt_freguesias_concelho_idx').on(t.concelhoCode),
    index('pt_freguesias_distrito_idx').on(t.distritoCode),
  ],
);

export const ptFreguesias2013 = pgTable(
  'pt_freguesias_2013',
  {
    code: text('code').primaryKey(),
    freguesia: text('freguesia').notNull(),
    concelho: text('concelho').notNull(),
    concelhoCode: text('concelho_code')
      .notNull()
      .references(() => ptConcelhos.code),
    distrito: text('distrito').notNull(),
    distritoCode: text('distrito_code')
      .notNull()
      .references(() => ptDistritos.code),
    existsInCaop2025: boolean('exists_in_caop_2025').notNull(),
  },
  (t) => [
    index('pt_freguesias_2013_concelho_idx').on(t.concelhoCode),
    index('pt_freguesias_2013_distrito_idx').on(t.distritoCode),
  ],
);
